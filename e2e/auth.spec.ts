// Accounts in the browser: sign-up, sign-in, remember-me, sign-out, the header's two states and the
// redirects that keep signed-out visitors out of the signed-in pages.
import { expect, test, type BrowserContext } from "@playwright/test";
import { signIn, signOut, signUp, TEST_PASSWORD, uniqueEmail } from "./helpers/auth";

const SESSION_COOKIE = "next-auth.session-token";

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

test.describe("signing up", () => {
  test("a new user signs up and lands on /inputs, signed in", async ({ page }) => {
    await signUp(page);
    await expect(page).toHaveURL(/\/inputs$/);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "My Dashboard" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Time to Go" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  });

  test("sign-up failures are shown: invalid email, short password, email already registered", async ({ page }) => {
    const { email } = await signUp(page);
    await signOut(page);

    await page.goto("/signup");
    const emailField = page.getByLabel("Email", { exact: true });
    const passwordField = page.getByLabel("Password", { exact: true });
    await emailField.fill("not-an-email");
    await passwordField.fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("An email address needs an @")).toBeVisible();
    await expect(emailField).toHaveAttribute("aria-invalid", "true");

    await emailField.fill(uniqueEmail());
    await passwordField.fill("short");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Use at least 8 characters")).toBeVisible();

    await passwordField.fill("Password1");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText(/one of the most common/)).toBeVisible();

    await emailField.fill(email.toUpperCase());
    await passwordField.fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("already exists");
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe("signing in and out", () => {
  test("Time to Go signs out and lands on /, showing Sign In and Sign Up again", async ({ page, context }) => {
    await signUp(page);
    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Sign Up" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Time to Go" })).toHaveCount(0);
    expect(await sessionCookie(context)).toBeUndefined();
    await page.goto("/account");
    await expect(page).toHaveURL(/\/$/);
  });

  test("a wrong password shows a red banner and stays on /login", async ({ page }) => {
    const creds = await signUp(page);
    await signOut(page);
    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(creds.email);
    await page.getByLabel("Password", { exact: true }).fill("Not-the-right-one-9");
    await page.getByRole("button", { name: "Sign In" }).click();
    const banner = page.getByRole("main").getByRole("alert");
    await expect(banner).toHaveText("That email and password do not match an account. Check them and try again.");
    expect(await banner.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(164, 22, 26)");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("an unknown email gets the same banner as a wrong password", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("nobody"));
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("That email and password do not match an account. Check them and try again.");
  });

  test("empty fields are named before anything is sent", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Enter your email address.")).toBeVisible();
    await expect(page.getByText("Enter your password.")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
  });

  test("the right password signs in and lands on /inputs", async ({ page }) => {
    const creds = await signUp(page);
    await signOut(page);
    await signIn(page, creds);
    await expect(page.getByRole("banner").getByRole("link", { name: "My Dashboard" })).toBeVisible();
  });

  test("a signed-in user opening /login or /signup is sent to /inputs", async ({ page }) => {
    await signUp(page);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/inputs$/);
    await page.goto("/signup");
    await expect(page).toHaveURL(/\/inputs$/);
  });
});

test.describe("remember-me", () => {
  test("unticked: the session cookie has no expiry, also after the session is renewed", async ({ page, context }) => {
    const creds = await signUp(page);
    await signOut(page);
    await signIn(page, creds, { remember: false });
    const cookie = await sessionCookie(context);
    expect(cookie?.expires).toBe(-1);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");

    // next-auth re-issues the cookie whenever its session endpoint is asked.
    expect((await page.request.get("/api/auth/session")).ok()).toBe(true);
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("button", { name: "Time to Go" })).toBeVisible();
    expect((await sessionCookie(context))?.expires).toBe(-1);
  });

  test("ticked: the session cookie lasts 7 days (renewed while in use, 30 days at most)", async ({ page, context }) => {
    const creds = await signUp(page);
    await signOut(page);
    await signIn(page, creds, { remember: true });
    const cookie = await sessionCookie(context);
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });
});

test.describe("guarded routes", () => {
  for (const path of ["/account", "/dashboard", "/dashboard/account", "/dashboard/orders", "/inputs", "/inputs/criteria/arranging", "/help"]) {
    test(`${path} sends a signed-out visitor to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
      await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    });
  }

  test("/account and /dashboard/account show the display name and the email", async ({ page }) => {
    const email = uniqueEmail("maria");
    await signUp(page, { email });
    for (const path of ["/account", "/dashboard/account"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
      await expect(page.getByText(email.split("@")[0].replace(/^m/, "M"), { exact: true })).toBeVisible();
      await expect(page.getByText(email, { exact: true })).toBeVisible();
    }
  });
});

test.describe("the auth API refuses malformed calls", () => {
  test("a JSON body to the sign-in callback gets 415, and a form without CSRF token gets 403", async ({ request }) => {
    const json = await request.post("/api/auth/callback/credentials", { data: { email: "a@example.test", password: TEST_PASSWORD } });
    expect(json.status()).toBe(415);
    const noCsrf = await request.post("/api/auth/callback/credentials", { form: { email: "a@example.test", password: TEST_PASSWORD } });
    expect(noCsrf.status()).toBe(403);
    expect((await noCsrf.json()).error.code).toBe("forbidden");
  });
});
