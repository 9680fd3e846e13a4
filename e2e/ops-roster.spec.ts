// The operator console's handymen and requests, in the browser: an operator invites a handyman from
// /ops/handymen; the handyman sets a password from the mailed link, signs in and reaches /pro; the
// operator suspends the handyman (typing their own password again) and the handyman sees it on /pro;
// the requests overview filters by state, and a request is cancelled on its homeowner's behalf. Every
// console page is checked with axe and at 320 px wide.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectAccessibleAndNarrow } from "./helpers/a11y";
import { signInFromInvitation, signUp, TEST_PASSWORD } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";
import { mailedLink } from "./helpers/mail";
import { OPERATORS, signInAsOperator } from "./helpers/ops";

// Lina (34), the cheapest electrician in Rotterdam: no other spec asks for her, so suspending her moves nobody's request.
const LINA = { id: 34, name: "Lina" };

test("an operator invites a handyman who reaches /pro, then suspends them and the handyman sees it", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const email = `lina-${randomUUID().slice(0, 8)}@example.test`;

  await signInAsOperator(page, OPERATORS.roster);
  await page.goto("/ops/handymen");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Handymen");
  await expectAccessibleAndNarrow(page, "/ops/handymen");
  const row = page.getByTestId("roster-row").filter({ hasText: `#${LINA.id}` });
  await expect(row).toContainText("No account");

  const invite = page.getByRole("form", { name: "Invite a handyman" });
  await invite.getByLabel("Handyman").selectOption(String(LINA.id));
  await invite.getByLabel("Their email address").fill(email);
  await invite.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByText("The invitation is on its way")).toBeVisible();
  await expect(row).toContainText("Invited");

  // Lina, in a browser of her own, sets a password from the invitation and signs in.
  const { context: pro, page: proPage } = await signInFromInvitation(browser, email);
  await expect(proPage.getByRole("heading", { level: 1 })).toHaveText(`Hello, ${LINA.name}`);
  await expect(proPage.getByText("Your profile is paused by Fixwell")).toHaveCount(0);

  // The operator suspends her: a wrong password first, then their own.
  await page.goto(`/ops/handymen/${LINA.id}`);
  await expect(page.getByTestId("account-state")).toHaveText("Active");
  await expectAccessibleAndNarrow(page, "/ops/handymen/{id}");
  const suspend = page.getByRole("form", { name: `Suspend ${LINA.name}` });
  await suspend.getByLabel("Your password, to confirm").fill("not-my-password");
  await suspend.getByRole("button", { name: `Suspend ${LINA.name}` }).click();
  await expect(suspend.getByText("That password is not right").first()).toBeVisible();
  await expect(page.getByTestId("account-state")).toHaveText("Active");
  await suspend.getByLabel("Your password, to confirm").fill(TEST_PASSWORD);
  await suspend.getByRole("button", { name: `Suspend ${LINA.name}` }).click();
  await expect(page.getByText("The handyman is suspended")).toBeVisible();
  await expect(page.getByTestId("account-state")).toHaveText("Suspended");

  await proPage.reload();
  await expect(proPage.getByText("Your profile is paused by Fixwell: you receive no new requests until it is resumed.")).toBeVisible();

  // Lifted again.
  await page.getByRole("button", { name: "Lift the suspension" }).click();
  await expect(page.getByText("The suspension is lifted")).toBeVisible();
  await expect(page.getByTestId("account-state")).toHaveText("Active");
  await proPage.reload();
  await expect(proPage.getByText("Your profile is paused by Fixwell")).toHaveCount(0);
  await pro.close();
});

test("the requests overview filters by state, and a request is cancelled for its homeowner", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // A homeowner's request, still without a criterion (submitted).
  const home = await browser.newContext();
  const homePage = await home.newPage();
  const { email } = await signUp(homePage);
  const requestId = randomUUID();
  const created = await homePage.request.post("/api/inputs", {
    data: { input_id: requestId, user_email: email, task_type: "Outlet-replacement", city: "Rotterdam", details: "Loose socket", date: amsterdamDay(6), criteria: "" },
  });
  expect(created.status()).toBe(200);
  await home.close();

  await signInAsOperator(page, OPERATORS.roster);
  await page.goto("/ops/requests");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Requests");
  await expectAccessibleAndNarrow(page, "/ops/requests");

  const filters = page.getByRole("form", { name: "Filter requests" });
  await filters.getByLabel("State").selectOption("submitted");
  await filters.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/[?&]state=submitted(&|$)/);
  const states = page.getByTestId("request-state");
  expect(await states.count()).toBeGreaterThan(0);
  for (const text of await states.allTextContents()) expect(text).toBe("Submitted");
  const link = page.locator(`a[href="/ops/requests/${requestId}"]`);
  await expect(link).toBeVisible();

  // A filter that is not one is explained, not a failure.
  await page.goto("/ops/requests?state=lost");
  await expect(page.getByRole("alert").filter({ hasText: "Some filters are not valid" })).toBeVisible();
  await expect(page.getByText(/Choose a state/)).toBeVisible();

  // The detail: the homeowner's address only when asked for (a POST, audited), and the cancel form.
  await page.goto(`/ops/requests/${requestId}`);
  await expect(page.getByTestId("homeowner-email")).toHaveCount(0);
  await page.getByRole("form", { name: "Show the homeowner's email address" }).getByRole("button", { name: "Show email" }).click();
  await expect(page.getByTestId("homeowner-email")).toHaveText(email);
  await expectAccessibleAndNarrow(page, "/ops/requests/{id}");
  const cancel = page.getByRole("form", { name: "Cancel for the homeowner" });
  await cancel.getByLabel("Reason").fill("You asked us by phone to cancel.");
  await cancel.getByLabel("Your password, to confirm").fill(TEST_PASSWORD);
  await cancel.getByRole("button", { name: "Cancel the request" }).click();
  await expect(page.getByText("The request is cancelled, and the homeowner was mailed the reason.")).toBeVisible();
  await expect(page.getByTestId("request-state")).toHaveText("Cancelled");

  await page.goto("/ops/requests?state=cancelled");
  await expect(page.locator(`a[href="/ops/requests/${requestId}"]`)).toBeVisible();
  expect(await mailedLink(email, /We cancelled your/, `/dashboard/orders/${requestId}`)).toContain(requestId);
});
