// The signed-in paths in Dutch: signing up on /nl/signup, the request form with its Dutch validation
// messages, choosing a criterion, and the confirmation with the handyman's price and the preferred date
// written the Dutch way — every word checked against the Dutch catalogue, not against copies of it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { formatDate, formatHourlyPrice } from "../lib/format";
import { handymen } from "../lib/data/sample-handymen";
import { matchHandyman } from "../lib/matching";
import { criterionLabel, taskTypeLabel } from "../lib/requests/words";
import { TEST_PASSWORD, uniqueEmail } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";
import { expectAccessibleAndNarrow } from "./helpers/a11y";

type Messages = Record<string, unknown>;
const nl = (namespace: string): Messages => JSON.parse(readFileSync(path.join(__dirname, "../messages/nl", `${namespace}.json`), "utf8")) as Messages;
/** A message of the Dutch catalogue by its dotted key. */
function message(namespace: string, key: string): string {
  const value = key.split(".").reduce<unknown>((node, part) => (node as Messages)?.[part], nl(namespace));
  if (typeof value !== "string") throw new Error(`no message ${namespace}.${key}`);
  return value;
}
/** Intl writes non-breaking spaces in Dutch prices; page text is compared with them normalised. */
const normalise = (text: string) => text.replace(/\u00a0/g, " ");

async function signUpInDutch(page: Page): Promise<string> {
  const email = uniqueEmail("nl");
  await page.goto("/nl/signup");
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("auth", "signup.title"));
  await page.getByLabel(message("auth", "fields.email"), { exact: true }).fill(email);
  await page.getByLabel(message("auth", "fields.password"), { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: message("auth", "signup.submit") }).click();
  await expect(page).toHaveURL(/\/nl\/inputs$/, { timeout: 20_000 });
  return email;
}

test("sign-up in Dutch refuses a short password in Dutch and keeps the visitor on the Dutch page", async ({ page }) => {
  await page.goto("/nl/signup");
  await page.getByLabel(message("auth", "fields.email"), { exact: true }).fill(uniqueEmail("nl"));
  await page.getByLabel(message("auth", "fields.password"), { exact: true }).fill("kort");
  await page.getByRole("button", { name: message("auth", "signup.submit") }).click();
  const tooShort = message("validation", "passwordTooShort").replace(/\{min\}/, "\\d+");
  await expect(page.getByText(new RegExp(tooShort))).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/nl/signup");
});

test("a Dutch homeowner signs up, is told in Dutch what is missing, makes a request and sees the match in Dutch", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpInDutch(page);
  await expect(page.getByRole("banner").getByRole("button", { name: message("auth", "nav.signOut") })).toBeVisible();

  // Nothing filled in: the summary and each field's message are Dutch.
  await page.getByRole("button", { name: message("request", "form.submit") }).click();
  await expect(page.getByRole("alert").filter({ hasText: /Verbeter de 4 velden/ })).toBeVisible();
  await expect(page.getByText(message("validation", "taskTypeMissing"))).toBeVisible();
  await expect(page.getByText(message("validation", "cityMissing"))).toBeVisible();
  await expect(page.getByText(message("validation", "homeAgeMissing"))).toBeVisible();

  const date = amsterdamDay(3);
  await page.getByLabel(message("request", "form.taskType")).selectOption({ label: taskTypeLabel("Pipe-leakage", "nl") });
  await page.getByLabel(message("request", "form.city")).selectOption("Rotterdam");
  await page.getByLabel(message("request", "form.date")).fill(date);
  await page.getByLabel(message("request", "form.details")).fill("De afvoer onder het aanrecht lekt.");
  // The question about the home's age, by its Dutch label and with its Dutch answers.
  const homeAge = page.getByLabel(message("request", "form.homeAge"));
  await expect(homeAge.getByRole("option")).toHaveText([message("request", "form.chooseHomeAge"), message("request", "form.homeAgeYes"), message("request", "form.homeAgeNo")]);
  await homeAge.selectOption({ label: message("request", "form.homeAgeYes") });
  await expectAccessibleAndNarrow(page, "/nl/inputs");
  await page.getByRole("button", { name: message("request", "form.submit") }).click();
  await expect(page.getByText(message("request", "form.success"))).toBeVisible();
  await expect(page).toHaveURL(/\/nl\/inputs\/criteria\/[0-9a-f-]{36}$/);
  const requestId = page.url().split("/").pop()!;

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("request", "criteria.title"));
  await expectAccessibleAndNarrow(page, "/nl/inputs/criteria/{id}");
  await page.getByRole("button", { name: criterionLabel("price", "nl") }).click();
  await expect(page).toHaveURL(/\/nl\/inputs\/criteria\/arranging\?input=/);

  const expected = matchHandyman({ criteria: "price", city: "Rotterdam", task_type: "Pipe-leakage" }, handymen);
  expect(expected).not.toBeNull();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("request", "arranging.title"));
  const match = page.getByRole("region", { name: expected!.name });
  await expect(match).toBeVisible();
  const text = normalise((await page.getByRole("main").textContent()) ?? "");
  // The hourly price the Dutch way (€ 41,00 per uur), and the preferred date (… november 2026).
  expect(text).toContain(normalise(formatHourlyPrice(expected!.price_per_hour, "nl")));
  expect(text).toMatch(/€ \d+,\d\d per uur/);
  expect(text).toContain(normalise(formatDate(date, "nl")));
  expect(text).not.toMatch(/ per hour|January|February|March|April|June|July|August|October|December/);
  await expectAccessibleAndNarrow(page, "/nl/inputs/criteria/arranging");

  // The orders page lists it in Dutch.
  await page.goto("/nl/dashboard/orders");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("dashboard", "orders.title"));
  await expect(page.getByRole("main")).toContainText(`${taskTypeLabel("Pipe-leakage", "nl")} in Rotterdam`);
  await expectAccessibleAndNarrow(page, "/nl/dashboard/orders");

  // Its page shows the answer about the home's age in Dutch, and the question again to change it.
  await page.goto(`/nl/dashboard/orders/${requestId}`);
  await expect(page.getByTestId("home-age")).toContainText(message("job", "homeAge.yesOwner"));
  await expect(page.getByLabel(message("job", "homeAge.question"))).toHaveValue("yes");
});

test("signing out from a Dutch page lands on the Dutch home page, and a signed-out visitor of a Dutch signed-in page too", async ({ page }) => {
  await signUpInDutch(page);
  await page.getByRole("banner").getByRole("button", { name: message("auth", "nav.signOut") }).click();
  await expect(page).toHaveURL(/\/nl$/);
  await expect(page.getByRole("banner").getByRole("link", { name: message("auth", "nav.signIn") })).toBeVisible();
  await page.goto("/nl/dashboard");
  await expect(page).toHaveURL(/\/nl$/);
});
