// The notices after each step of a request's life, on the Dutch pages: the handyman (Bram, the cheapest
// electrician in Amsterdam, invited by the test server) declines one request and accepts another on
// /nl/pro; the homeowner asks for a new date, which Bram confirms; Bram marks the job done; the
// homeowner reviews it and cancels the declined request on /nl/dashboard/orders/{id}. Every notice is
// read against the Dutch catalogue, never against a copy of it.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { handymen } from "../lib/data/sample-handymen";
import { rankHandymen } from "../lib/matching";
import { formatDayWithWeekday } from "../lib/format";
import { signInFromInvitation, signUp } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";

const HANDYMAN_EMAIL = "bram.pro@example.test";

type Messages = Record<string, unknown>;
/** A message of the Dutch catalogue by its dotted key. */
function nl(namespace: string, key: string): string {
  const tree = JSON.parse(readFileSync(path.join(__dirname, "../messages/nl", `${namespace}.json`), "utf8")) as Messages;
  const value = key.split(".").reduce<unknown>((node, part) => (node as Messages)?.[part], tree);
  if (typeof value !== "string") throw new Error(`no message ${namespace}.${key}`);
  return value;
}
/** A message of the English catalogue, to check that none shows on a Dutch page. */
function en(namespace: string, key: string): string {
  const tree = JSON.parse(readFileSync(path.join(__dirname, "../messages/en", `${namespace}.json`), "utf8")) as Messages;
  return key.split(".").reduce<unknown>((node, part) => (node as Messages)?.[part], tree) as string;
}

async function expectDutchNotice(page: Page, key: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^[^?]*/nl/[^?]*\\?(?:.*&)?notice=${key}$`));
  await expect(page.getByRole("main").getByText(nl("catalogue", `notices.${key}`))).toBeVisible();
  await expect(page.getByText(en("catalogue", `notices.${key}`))).toHaveCount(0);
}

async function askForAnElectrician(page: Page, email: string, details: string, date: string): Promise<string> {
  const requestId = randomUUID();
  const created = await page.request.post("/api/inputs", {
    data: { input_id: requestId, user_email: email, task_type: "Outlet-replacement", city: "Amsterdam", details, date, criteria: "" },
  });
  expect(created.status()).toBe(200);
  const chosen = await page.request.post(`/api/inputs/${requestId}/criteria`, { data: { criteria: "price", city: "Amsterdam", task_type: "Outlet-replacement" } });
  expect(chosen.status()).toBe(200);
  return requestId;
}

test("after accept, decline, cancel, a new date and a review, /nl/pro and /nl/dashboard/orders/{id} say so in Dutch", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const [bram] = rankHandymen({ criteria: "price", city: "Amsterdam", task_type: "Outlet-replacement" }, handymen);
  expect(bram.id).toBe(14);
  const run = Date.now();
  const declined = `Loose socket in the hall, ${run}`;
  const kept = `Two kitchen outlets, ${run}`;

  const { email } = await signUp(page);
  const declinedId = await askForAnElectrician(page, email, declined, amsterdamDay(5));
  const keptId = await askForAnElectrician(page, email, kept, amsterdamDay(6));

  // Bram sets his password from the invitation and signs in, in a browser of his own.
  const { context: pro, page: proPage } = await signInFromInvitation(browser, HANDYMAN_EMAIL);

  // On /nl/pro: one request declined, the other accepted.
  await proPage.goto("/nl/pro");
  await proPage.getByTestId("pro-offer").filter({ hasText: declined }).getByRole("button", { name: nl("job", "proForms.decline"), exact: true }).click();
  await expectDutchNotice(proPage, "declined");
  await proPage.getByTestId("pro-offer").filter({ hasText: kept }).getByRole("button", { name: nl("job", "proForms.accept"), exact: true }).click();
  await expectDutchNotice(proPage, "accepted");

  // The homeowner asks for a new date on the accepted one; Bram confirms it on /nl/pro.
  const newDate = amsterdamDay(9);
  await page.goto(`/nl/dashboard/orders/${keptId}`);
  await page.getByLabel(nl("job", "orderForms.newDate")).fill(newDate);
  await page.getByRole("button", { name: nl("job", "orderForms.askDate") }).click();
  await expectDutchNotice(page, "date-asked");
  await proPage.goto("/nl/pro");
  const job = proPage.getByTestId("pro-offer").filter({ hasText: kept });
  await job.getByRole("button", { name: nl("job", "proForms.confirm").replace("{date}", formatDayWithWeekday(newDate, "nl")) }).click();
  await expectDutchNotice(proPage, "date-answered");

  // Bram marks it done; the homeowner reviews it.
  await proPage.getByTestId("pro-offer").filter({ hasText: kept }).getByRole("button", { name: nl("job", "proForms.done"), exact: true }).click();
  await expectDutchNotice(proPage, "done");
  await page.goto(`/nl/dashboard/orders/${keptId}`);
  await page.getByRole("radio", { name: "5 sterren" }).check();
  await page.getByRole("button", { name: nl("job", "orderForms.sendReview") }).click();
  await expectDutchNotice(page, "reviewed");

  // The declined request went on to the next electrician; the homeowner cancels it.
  await page.goto(`/nl/dashboard/orders/${declinedId}`);
  await page.getByRole("button", { name: nl("job", "orderForms.cancel"), exact: true }).click();
  await expectDutchNotice(page, "cancelled");
  await pro.close();
});
