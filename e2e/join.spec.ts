// Joining, in the browser: a professional applies on /join (the page checked with axe and at 320 px),
// lands on /pro which says the address is to be confirmed, follows the mailed link, and /pro says the
// application waits for review; an operator approves it in /ops/applications; /pro is the new handyman's
// page. Then the rest of the walk: the public profile answers 200; a homeowner's request in that city and
// trade on a working day, criterion "available", reaches the new handyman (the highest price among the
// available ones); on a day off the handyman added on /pro/profile, the same request goes to the next one.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectAccessibleAndNarrow } from "./helpers/a11y";
import { signUp, TEST_PASSWORD, uniqueEmail } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";
import { mailedLink } from "./helpers/mail";
import { OPERATORS, signInAsOperator } from "./helpers/ops";

/** The first day at least `from` days ahead that falls Monday to Friday (the weekdays a new professional works). */
function weekdayFrom(from: number): { day: string; offset: number } {
  for (let offset = from; ; offset += 1) {
    const day = amsterdamDay(offset);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) return { day, offset };
  }
}

test("apply → confirm the address → an operator approves → /pro is the handyman's; the profile answers and 'available' reaches them except on a day off", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const name = `Joris Joins ${randomUUID().slice(0, 6)}`;
  const email = uniqueEmail("joris");

  // /join: who can join, the cost, how requests arrive, then the form.
  await page.goto("/join");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join Fixwell as a professional");
  await expect(page.getByRole("link", { name: "How we rank professionals" })).toHaveAttribute("href", "/how-we-rank");
  await expectAccessibleAndNarrow(page, "/join");

  const form = page.getByRole("form", { name: "Application to join as a professional" });
  // A first try with a wrong IBAN and a KvK of 7 digits: refused beside the fields, the typed values kept.
  await form.getByLabel("Name customers see").fill(name);
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
  await form.getByLabel("Phone number").fill("+31 6 12345678");
  await form.getByLabel("Electrician").check();
  await form.getByLabel("Amsterdam").check();
  await form.getByLabel("Hourly price in euros, VAT included").fill("500");
  await form.getByLabel("KvK number").fill("1234567");
  await form.getByLabel("Business IBAN").fill("NL91ABNA0417164301");
  await form.getByLabel("A short introduction").fill("Sockets, switches and fuse boxes, tidy and on time.");
  await form.getByLabel("Liability insurer").fill("Centraal Beheer");
  await form.getByLabel("Insured until").fill(amsterdamDay(300));
  await form.getByLabel(/I accept the terms of service for professionals/).check();
  await form.getByRole("button", { name: "Send my application" }).click();
  await expect(form.getByText("Enter your KvK number: the 8 digits")).toBeVisible();
  await expect(form.getByText("This IBAN is not valid")).toBeVisible();
  await expect(form.getByLabel("Name customers see")).toHaveValue(name);

  await form.getByLabel("KvK number").fill("12345678");
  await form.getByLabel("Business IBAN").fill("NL91 ABNA 0417 1643 00");
  await form.getByRole("button", { name: "Send my application" }).click();
  await expect(page).toHaveURL(/\/pro\?notice=application-sent$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your application");
  await expect(page.getByTestId("application-state")).toHaveAttribute("data-stage", "verify_address");

  // The mailed link confirms the address; the application now waits for review.
  await page.goto(await mailedLink(email, /Confirm your email address/, "/verify-email", 90_000));
  await page.goto("/pro");
  await expect(page.getByTestId("application-state")).toHaveAttribute("data-stage", "in_review");
  // An applicant is not a handyman yet: the handyman's API does not exist for them.
  expect((await page.request.get("/api/pro/offers")).status()).toBe(404);

  // An operator approves it in the console.
  const ops = await browser.newContext();
  const opsPage = await ops.newPage();
  await signInAsOperator(opsPage, OPERATORS.join);
  await opsPage.goto("/ops/applications");
  await expect(opsPage.getByRole("heading", { level: 1 })).toHaveText("Applications");
  await expectAccessibleAndNarrow(opsPage, "/ops/applications");
  await opsPage.getByRole("link", { name }).click();
  await expect(opsPage.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(opsPage.getByTestId("iban")).toHaveText("…4300");
  await expectAccessibleAndNarrow(opsPage, "/ops/applications/{id}");
  await opsPage.getByRole("button", { name: "Show the whole number" }).click();
  await expect(opsPage.getByTestId("iban")).toHaveText("NL91ABNA0417164300");
  await opsPage.getByRole("button", { name: `Approve ${name}` }).click();
  await expect(opsPage.getByText("The application is approved")).toBeVisible();
  await expect(opsPage.getByTestId("application-status")).toHaveText("Approved");
  // A decided application keeps only the IBAN's last four characters.
  await expect(opsPage.getByTestId("iban")).toHaveText("…4300 (the rest is not kept once an application is decided)");
  await ops.close();

  // /pro is the handyman's own page now.
  await page.goto("/pro");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hello, ${name}`);
  expect((await page.request.get("/api/pro/offers")).status()).toBe(200);

  // The public profile answers.
  const profileLink = page.getByRole("link", { name: "See your public profile" });
  const profilePath = await profileLink.getAttribute("href");
  expect(profilePath).toMatch(/^\/pros\/joris-joins-[a-z0-9]+-\d+$/);
  const profile = await page.request.get(profilePath!);
  expect(profile.status()).toBe(200);

  // A day off on the second working day ahead of the first.
  const working = weekdayFrom(2);
  const dayOff = weekdayFrom(working.offset + 1);
  await page.goto("/pro/profile");
  const addDayOff = page.getByRole("form", { name: "Add the days off" });
  await addDayOff.getByLabel("First day off").fill(dayOff.day);
  await addDayOff.getByLabel("Last day off").fill(dayOff.day);
  await addDayOff.getByRole("button", { name: "Add the days off" }).click();
  await expect(page.getByText("Your days off are added.")).toBeVisible();

  // A homeowner asks for an electrician in Amsterdam on each day, criterion "available".
  const home = await browser.newContext();
  const homePage = await home.newPage();
  const owner = await signUp(homePage);
  const ask = async (date: string, details: string) => {
    const id = randomUUID();
    const created = await homePage.request.post("/api/inputs", {
      data: { input_id: id, user_email: owner.email, task_type: "Outlet-replacement", city: "Amsterdam", details, date, criteria: "" },
    });
    expect(created.status()).toBe(200);
    const chosen = await homePage.request.post(`/api/inputs/${id}/criteria`, { data: { criteria: "available", city: "Amsterdam", task_type: "Outlet-replacement" } });
    expect(chosen.status()).toBe(200);
    return id;
  };
  const onWorkingDay = `Socket by the stairs ${randomUUID().slice(0, 6)}`;
  const onDayOff = `Socket in the attic ${randomUUID().slice(0, 6)}`;
  const workingId = await ask(working.day, onWorkingDay);
  const dayOffId = await ask(dayOff.day, onDayOff);

  // The handyman's page shows the one on a working day, not the one on the day off.
  await page.goto("/pro");
  await expect(page.getByText(onWorkingDay)).toBeVisible();
  await expect(page.getByText(onDayOff)).toHaveCount(0);
  // The homeowner's requests say who holds each: the new handyman, then someone else.
  const holder = async (id: string) => {
    const response = await homePage.request.get(`/api/requests/${id}`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { request: { handyman: { name: string } | null } }).request.handyman?.name ?? null;
  };
  expect(await holder(workingId)).toBe(name);
  const next = await holder(dayOffId);
  expect(next).not.toBeNull();
  expect(next).not.toBe(name);
  await home.close();
});
