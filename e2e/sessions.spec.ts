// Sessions the server ends: a session cookie copied into another browser before signing out, or before
// "Sign out everywhere", stops opening the signed-in pages (redirect to /) and the API (401).
import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import { signUp } from "./helpers/auth";

const SESSION_COOKIE = "next-auth.session-token";

/** A second browser holding a copy of `from`'s session cookie, as a thief with the cookie would. */
async function copyOfSession(browser: Browser, from: BrowserContext, baseURL: string): Promise<BrowserContext> {
  const cookie = (await from.cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie, "the first browser is signed in").toBeDefined();
  const thief = await browser.newContext({ baseURL });
  await thief.addCookies([cookie!]);
  return thief;
}

test.describe("ending sessions", () => {
  test("after Sign out everywhere, a cookie copied before it opens no page and no API call", async ({ browser, page, baseURL }) => {
    const { email } = await signUp(page);
    const thief = await copyOfSession(browser, page.context(), baseURL!);
    const stolen = await thief.newPage();
    await stolen.goto("/dashboard");
    await expect(stolen).toHaveURL(/\/dashboard$/);

    await page.goto("/account");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/login\?notice=signed-out-everywhere$/);
    await expect(page.getByText("You were signed out on every device")).toBeVisible();

    await stolen.goto("/dashboard");
    await expect(stolen).toHaveURL(/\/(?:[?#].*)?$/);
    const api = await stolen.request.get(`/api/inputs/${encodeURIComponent(email)}`);
    expect(api.status()).toBe(401);
    await thief.close();
  });

  test("after Time to Go, a copy of the session cookie stops working too", async ({ browser, page, baseURL }) => {
    const { email } = await signUp(page);
    const thief = await copyOfSession(browser, page.context(), baseURL!);
    await page.getByRole("button", { name: "Time to Go" }).click();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();

    const stolen = await thief.newPage();
    await stolen.goto("/account");
    await expect(stolen).toHaveURL(/\/(?:[?#].*)?$/);
    expect((await stolen.request.get(`/api/inputs/${encodeURIComponent(email)}`)).status()).toBe(401);
    await thief.close();
  });
});
