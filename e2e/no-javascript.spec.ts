// With JavaScript disabled (a phone whose scripts have not arrived yet, or scripts turned off): the
// header shows the visitor's state in the HTML itself; signing up, signing out, signing in and
// submitting a request are plain form posts that succeed; bad values come back with the messages the
// scripted forms show, the typed values kept but never the password, and nothing stored; and no URL
// the browser asks for or navigates to ever carries the password.
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { TEST_PASSWORD, uniqueEmail } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

test.use({ javaScriptEnabled: false });

/** Every URL the page requests or navigates to, from now on. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  page.on("framenavigated", (frame) => urls.push(frame.url()));
  return urls;
}

function expectNoSecretIn(urls: string[], secret: string) {
  expect(urls.length).toBeGreaterThan(0);
  const forms = [secret, encodeURIComponent(secret), new URLSearchParams({ p: secret }).toString().slice(2)];
  for (const url of urls) {
    for (const form of forms) expect(url, "a visited URL").not.toContain(form);
  }
}

async function expectSignedOutHeader(page: Page) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign Up" })).toBeVisible();
  await expect(header.getByRole("button", { name: "Time to Go" })).toHaveCount(0);
}

async function expectSignedInHeader(page: Page) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "My Dashboard" })).toBeVisible();
  await expect(header.getByRole("button", { name: "Time to Go" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign In" })).toHaveCount(0);
}

async function signUpWithoutScripts(page: Page, email: string, password = TEST_PASSWORD) {
  await page.goto("/signup");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
}

async function signInWithoutScripts(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("sign-up, sign-out and sign-in work as form posts, and the password never appears in a URL", async ({ page }) => {
  const urls = recordUrls(page);
  const email = uniqueEmail("nojs");

  await page.goto("/");
  await expectSignedOutHeader(page);

  await signUpWithoutScripts(page, email);
  await expect(page).toHaveURL(/\/inputs$/);
  await expectSignedInHeader(page);

  await page.goto("/");
  await expectSignedInHeader(page);
  await page.getByRole("banner").getByRole("button", { name: "Time to Go" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOutHeader(page);

  await signInWithoutScripts(page, email, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/inputs$/);
  await expectSignedInHeader(page);

  expectNoSecretIn(urls, TEST_PASSWORD);
});

test("bad sign-up and sign-in values get the scripted forms' messages, keep the email, drop the password and store nothing", async ({ page }) => {
  const urls = recordUrls(page);
  const email = uniqueEmail("nojs-bad");
  const password = page.getByLabel("Password", { exact: true });

  await signUpWithoutScripts(page, "not-an-email");
  await expect(page.getByText("An email address needs an @")).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveValue("");

  await signUpWithoutScripts(page, email, "short");
  await expect(page.getByText("Use at least 8 characters")).toBeVisible();

  await signUpWithoutScripts(page, email, "Password1");
  await expect(page.getByText(/one of the most common/)).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(password).toHaveValue("");
  await expect(page).toHaveURL(/\/signup$/);

  // Nothing was stored: the refused address cannot sign in.
  await signInWithoutScripts(page, email, "Password1");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "That email and password do not match an account. Check them and try again.",
  );
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(password).toHaveValue("");

  await page.goto("/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Enter your email address.")).toBeVisible();
  await expect(page.getByText("Enter your password.")).toBeVisible();

  expectNoSecretIn(urls, "Password1");
});

test("the first HTML of / shows the header of a signed-out and of a signed-in visitor", async ({ page, request }) => {
  const signedOut = await (await request.get("/")).text();
  expect(signedOut).toContain(">Sign In<");
  expect(signedOut).not.toContain("Time to Go");

  await signUpWithoutScripts(page, uniqueEmail("nojs-header"));
  await expect(page).toHaveURL(/\/inputs$/);
  const signedIn = await (await page.request.get("/")).text();
  expect(signedIn).toContain(">My Dashboard<");
  expect(signedIn).toContain("Time to Go");
  expect(signedIn).not.toContain(">Sign In<");
});

test("a request is stored with a form post and leads to the criterion choice; bad values get the scripted form's messages and store nothing", async ({ page }) => {
  const email = uniqueEmail("nojs-request");
  await signUpWithoutScripts(page, email);
  await expect(page).toHaveURL(/\/inputs$/);
  const stored = async () => (await (await page.request.get(`/api/inputs/${encodeURIComponent(email)}`)).json()) as { input_id: string }[];
  const submit = page.getByRole("button", { name: "Submit request" });

  await submit.click();
  await expect(page.getByRole("alert").filter({ hasText: "Please fix the 4 fields marked below." })).toBeVisible();
  await expect(page.getByText("Choose a task type.")).toBeVisible();
  await expect(page.getByText("Choose a city.")).toBeVisible();
  await expect(page.getByText("Choose a preferred date.")).toBeVisible();
  await expect(page.getByText("Say whether the home is older than two years.")).toBeVisible();
  await expect(page.getByLabel("Task type")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/inputs$/);
  expect(await stored()).toEqual([]);

  await page.getByLabel("Task type").selectOption({ label: "Pipe leakage" });
  await page.getByLabel("City").selectOption("Rotterdam");
  await page.getByLabel("Preferred date").fill(amsterdamDay(-2));
  await page.getByLabel("Details").fill("Water under the kitchen sink.");
  await page.getByLabel("Is the home older than two years?").selectOption({ label: "Yes, older than two years" });
  await submit.click();
  await expect(page.getByText("Choose today or a later date.")).toBeVisible();
  await expect(page.getByLabel("Task type")).toHaveValue("Pipe-leakage");
  await expect(page.getByLabel("City")).toHaveValue("Rotterdam");
  await expect(page.getByLabel("Details")).toHaveValue("Water under the kitchen sink.");
  await expect(page.getByLabel("Is the home older than two years?")).toHaveValue("yes");
  expect(await stored()).toEqual([]);

  await page.getByLabel("Preferred date").fill(amsterdamDay(1));
  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/inputs/criteria/${UUID}$`));
  const rows = await stored();
  expect(rows.map((row) => row.input_id)).toEqual([page.url().split("/").pop()]);
});

test("the criteria page shows whom each criterion picks and a choice is a form post that offers the request to the one shown", async ({ page }) => {
  const email = uniqueEmail("nojs-criteria");
  await signUpWithoutScripts(page, email);
  await expect(page).toHaveURL(/\/inputs$/);
  const id = randomUUID();
  const created = await page.request.post("/api/inputs", {
    data: { input_id: id, user_email: email, task_type: "Pipe-leakage", city: "Rotterdam", details: "Dripping trap.", date: amsterdamDay(2), criteria: "" },
  });
  expect(created.status()).toBe(200);

  // Rendered on the server: the three criteria with their picks (Mees ties with Sofia on 4.8 and comes first).
  await page.goto(`/inputs/criteria/${id}`);
  await expect(page.getByRole("button", { name: "Cheapest" })).toContainText("Would pick Nina, €39.00 per hour");
  await expect(page.getByRole("button", { name: "Best rated" })).toContainText("Would pick Mees, rated 4.8");
  await expect(page.getByRole("button", { name: "Available now" })).toContainText(": Mees, €46.00 per hour");
  await page.getByRole("button", { name: "Best rated" }).click();
  await expect(page).toHaveURL(new RegExp(`/inputs/criteria/arranging\\?input=${id}&notice=criterion-chosen$`));
  await expect(page.getByText("Your choice is saved.")).toBeVisible();
  await page.goto(`/dashboard/orders/${id}`);
  await expect(page.getByRole("main")).toContainText("Mees");
});

test("a sign-in form posted from another site is refused: no session, no redirect into the site", async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail("nojs-xsite");
  await signUpWithoutScripts(page, email);
  await expect(page).toHaveURL(/\/inputs$/);

  // The form's own post (its hidden fields name the action), replayed by a client without cookies.
  const html = await (await playwright.request.newContext({ baseURL })).get("/login").then((r) => r.text());
  const form = html.slice(html.indexOf('aria-label="Sign in"'));
  const hidden = Object.fromEntries(
    [...form.slice(0, form.indexOf("</form>")).matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)].map(([, name, value = ""]) => [
      name,
      value.replace(/&quot;/g, '"').replace(/&amp;/g, "&"),
    ]),
  );
  expect(Object.keys(hidden).some((name) => name.startsWith("$ACTION")), "the sign-in form posts to a server action").toBe(true);
  const stranger = await playwright.request.newContext({ baseURL });
  const post = (origin: string) =>
    stranger.post("/login", { headers: { origin }, multipart: { ...hidden, email, password: TEST_PASSWORD }, maxRedirects: 0 });

  const crossSite = await post("https://evil.example");
  expect(crossSite.headers()["location"] ?? "").not.toContain("/inputs");
  expect(crossSite.headers()["set-cookie"] ?? "").not.toContain("next-auth.session-token");

  // The same post from the site itself signs in, so the refusal above is the Origin's doing.
  const sameSite = await post(new URL(baseURL!).origin);
  expect(sameSite.status()).toBe(303);
  expect(sameSite.headers()["set-cookie"] ?? "").toContain("next-auth.session-token");
});
