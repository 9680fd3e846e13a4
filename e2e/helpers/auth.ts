// Browser helpers for specs that need a signed-in user: create a fresh account through /signup, or sign
// in through /login. Both drive the real forms, so they also exercise the accounts feature.
import { randomUUID } from "node:crypto";
import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { mailedLink } from "./mail";

export type Credentials = { email: string; password: string };

/** A password that passes the sign-up policy (long enough, not a common password). */
export const TEST_PASSWORD = "Quiet-harbour-lantern-42";

/** An address no other test has used (the database is shared by every spec of a run). */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.test`;
}

/**
 * Creates an account through /signup and waits until the browser lands on /inputs (signed in).
 * A unique email is chosen unless one is given.
 */
export async function signUp(
  page: Page,
  opts: { email?: string; password?: string; remember?: boolean } = {},
): Promise<Credentials> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? TEST_PASSWORD;
  await page.goto("/signup");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Remember me").setChecked(opts.remember ?? false);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/inputs(?:[?#].*)?$/, { timeout: 20_000 });
  return { email, password };
}

/** Signs in through /login and waits until the browser lands on /inputs (a handyman: on `landing`, /pro). */
export async function signIn(page: Page, creds: Credentials, { remember = false, landing = /\/inputs(?:[?#].*)?$/ }: { remember?: boolean; landing?: RegExp } = {}): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(creds.email);
  await page.getByLabel("Password", { exact: true }).fill(creds.password);
  await page.getByLabel("Remember me").setChecked(remember);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(landing, { timeout: 20_000 });
}

/** Signs out with the header's Time to Go button and waits for the home page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Time to Go" }).click();
  await expect(page).toHaveURL(/\/(?:[?#].*)?$/);
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
}

/**
 * An invited handyman, in a browser of their own (`options`: e.g. without JavaScript), landing on /pro: the
 * first time they set a password from the invitation mail; the link is then spent, and later they sign in
 * with that password.
 */
export async function signInFromInvitation(browser: Browser, email: string, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(await mailedLink(email, /invited/, "/set-password", 90_000));
  const field = page.getByLabel("New password");
  if (await field.isVisible()) {
    await field.fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Set my password" }).click();
    await expect(page).toHaveURL(/\/login\?notice=password-set$/);
  }
  await signIn(page, { email, password: TEST_PASSWORD }, { landing: /\/pro$/ });
  return { context, page };
}
