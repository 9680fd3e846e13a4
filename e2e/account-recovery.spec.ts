// An account's recovery and care in the browser, following the links in the mail the server wrote:
// a forgotten password (from /login to a new password, signed in, the old one refused), with and without
// JavaScript; verifying the address after sign-up; deleting the account.
import { expect, test, type Page } from "@playwright/test";
import { signIn, signOut, signUp, TEST_PASSWORD } from "./helpers/auth";
import { mailedLink } from "./helpers/mail";

const NEW_PASSWORD = "Copper-kettle-morning-77";
const RESET_SUBJECT = /Reset your Fixwell password/;

/** Signs in through /login and reports where it ended: /inputs when the password was right. */
async function trySignIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function askForResetLink(page: Page, email: string) {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists for that address, we sent a link");
}

async function chooseNewPassword(page: Page, email: string) {
  await page.goto(await mailedLink(email, RESET_SUBJECT, "/reset-password"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save my new password" }).click();
  await expect(page).toHaveURL(/\/account\?notice=password-reset$/, { timeout: 20_000 });
  await expect(page.getByRole("status").filter({ hasText: "Your new password is set" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "My Dashboard" })).toBeVisible();
}

test.describe("forgot password", () => {
  test("from /login to a mailed link to a new password: signed in at once, the old password refused, the link spent", async ({ page }) => {
    test.setTimeout(120_000);
    const { email } = await signUp(page);
    await signOut(page);

    await askForResetLink(page, email);
    const link = await mailedLink(email, RESET_SUBJECT, "/reset-password");
    await chooseNewPassword(page, email);

    await signOut(page);
    await trySignIn(page, email, TEST_PASSWORD);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("do not match an account");
    await signIn(page, { email, password: NEW_PASSWORD });

    await signOut(page);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
    await expect(page.getByText("This link no longer works")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the same flow works as plain form posts", async ({ page, browser }) => {
      test.setTimeout(120_000);
      const withScripts = await browser.newPage();
      const { email } = await signUp(withScripts);
      await withScripts.close();

      await askForResetLink(page, email);
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
      await chooseNewPassword(page, email);
    });
  });
});

test("after sign-up, the mailed link verifies the address and /account says so", async ({ page }) => {
  test.setTimeout(120_000);
  const { email } = await signUp(page);
  await page.goto("/account");
  await expect(page.getByText("Not yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send the link again" })).toBeVisible();

  const link = await mailedLink(email, /Confirm your email address/, "/verify-email");
  await page.goto(link);
  await expect(page.getByText("Your email address is verified.")).toBeVisible();
  await page.goto(link);
  await expect(page.getByText("This address is already verified.")).toBeVisible();

  await page.getByRole("link", { name: "Go to your account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(/^Yes, since /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send the link again" })).toHaveCount(0);
});

test("delete my account: a wrong password changes nothing; the right one signs out, goes home with a notice, and the account is gone", async ({ page }) => {
  test.setTimeout(120_000);
  const { email } = await signUp(page);
  await page.goto("/account");

  const deletion = page.getByRole("form", { name: "Delete my account" });
  await deletion.getByLabel("Your password").fill("Not-my-password-1");
  await deletion.getByRole("button", { name: "Delete my account" }).click();
  await expect(deletion.getByText("That is not your password. Your account was not deleted.")).toBeVisible();

  await deletion.getByLabel("Your password").fill(TEST_PASSWORD);
  await deletion.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/\?notice=account-deleted$/, { timeout: 20_000 });
  await expect(page.getByRole("status").filter({ hasText: "Your account was deleted." })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();

  await trySignIn(page, email, TEST_PASSWORD);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("do not match an account");
});
