// Operators in the browser tests: the test server created them with `npm run operator:create`
// (E2E_OPERATORS in playwright.config.ts), which mails each a set-password link. `operatorPage` follows
// that link once per run, chooses TEST_PASSWORD, and signs in, landing on /ops.
import { expect, type Page } from "@playwright/test";
import { signIn, TEST_PASSWORD } from "./auth";
import { mailedLink } from "./mail";

/** The operators the test server creates; each spec file uses its own. */
export const OPERATORS = {
  access: "ops.access@example.test",
  openings: "ops.openings@example.test",
  rival: "ops.rival@example.test",
  roster: "ops.roster@example.test",
  paging: "ops.paging@example.test",
  join: "ops.join@example.test",
  threads: "ops.threads@example.test",
  money: "ops.money@example.test",
  noShow: "ops.noshow@example.test",
} as const;

const activated = new Set<string>();

/** Sets the operator's password from the invitation mail, the first time in this worker. */
async function activate(page: Page, email: string): Promise<void> {
  if (activated.has(email)) return;
  await page.goto(await mailedLink(email, /You are invited/, "/set-password", 90_000));
  const field = page.getByLabel("New password");
  if (await field.isVisible().catch(() => false)) {
    await field.fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Set my password" }).click();
    await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
  }
  activated.add(email);
}

/** Signs `page` in as the operator `email` and waits for the console. */
export async function signInAsOperator(page: Page, email: string): Promise<void> {
  await activate(page, email);
  await signIn(page, { email, password: TEST_PASSWORD }, { landing: /\/ops(?:[?#].*)?$/ });
}
