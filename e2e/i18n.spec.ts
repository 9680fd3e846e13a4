// Dutch and English: every public page answers in both languages with the right <html lang>,
// canonical and hreflang addresses, no untranslated catalogue keys, and (in Dutch) nothing axe objects
// to; the language switch keeps the visitor on the same page; a Dutch browser is offered Dutch, never
// redirected.
import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_PATHS } from "../lib/site/seo";
import { NAMESPACES } from "../i18n/namespaces";
import { expectAccessibleAndNarrow } from "./helpers/a11y";

const ROUTES = [...PUBLIC_PATHS, "/login", "/signup", "/forgot-password"];
const dutch = (path: string) => (path === "/" ? "/nl" : `/nl${path}`);

/** Text that looks like a catalogue key ("careers.apply"): what next-intl shows for a missing message. */
const RAW_KEY = new RegExp(`\\b(?:${NAMESPACES.join("|")})\\.[A-Za-z][\\w]*(?:\\.[\\w]+)*\\b`);

async function head(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute("href") ?? null,
    alternates: Object.fromEntries(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')].map((link) => [link.hreflang, new URL(link.href).pathname]),
    ),
    text: document.body.innerText,
  }));
}

async function firstOpening(page: Page): Promise<string> {
  const openings = (await (await page.request.get("/api/job-openings")).json()) as { job_id: string }[];
  expect(openings.length).toBeGreaterThan(0);
  return `/job-openings/${openings[0].job_id}`;
}

test.describe("every public page in both languages", () => {
  for (const route of ROUTES) {
    test(`${route} and ${dutch(route)} answer 200 with lang, canonical and hreflang`, async ({ page }) => {
      for (const [locale, path] of [["en", route], ["nl", dutch(route)]] as const) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        const { lang, canonical, alternates, text } = await head(page);
        expect(lang, path).toBe(locale);
        if (PUBLIC_PATHS.includes(route as never)) {
          expect(new URL(canonical ?? "", page.url()).pathname, `canonical of ${path}`).toBe(path);
          expect(alternates, `hreflang of ${path}`).toEqual({ en: route, nl: dutch(route), "x-default": route });
        }
        expect(text, `raw catalogue key on ${path}`).not.toMatch(RAW_KEY);
      }
    });
  }

  test("a job opening's page answers in both languages with its addresses", async ({ page }) => {
    const route = await firstOpening(page);
    for (const [locale, path] of [["en", route], ["nl", dutch(route)]] as const) {
      expect((await page.goto(path))?.status(), path).toBe(200);
      const { lang, canonical, alternates, text } = await head(page);
      expect(lang).toBe(locale);
      expect(new URL(canonical ?? "", page.url()).pathname).toBe(path);
      expect(alternates).toEqual({ en: route, nl: dutch(route), "x-default": route });
      expect(text).not.toMatch(RAW_KEY);
    }
  });

  test("an unknown address is a 404 in its language, drawn by the server", async ({ page, request }) => {
    // Script errors and policy violations show up in the console; the 404 page must have none.
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && !/status of 404/.test(message.text())) problems.push(message.text());
    });
    for (const [path, lang, heading] of [
      ["/no-such-page", "en", "Page not found"],
      ["/nl/no-such-page", "nl", "Pagina niet gevonden"],
      ["/nl/job-openings/x/y", "nl", "Pagina niet gevonden"],
      ["/nl/job-openings/astronaut", "nl", "Pagina niet gevonden"],
    ] as const) {
      // The HTML as it leaves the server, before any script runs: a browser without JavaScript and a
      // crawler see the page, in its language.
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain(`<html lang="${lang}"`);
      expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect((await page.goto(path))?.status(), path).toBe(404);
      expect((await head(page)).lang, path).toBe(lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
    expect(problems).toEqual([]);
  });

  test("/en/… addresses lead to the English page without the prefix", async ({ page }) => {
    await page.goto("/en/ourstory");
    expect(new URL(page.url()).pathname).toBe("/ourstory");
  });
});

test.describe("Dutch pages are accessible", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  for (const route of ROUTES) {
    test(`${dutch(route)} has no WCAG A/AA violations, one h1 and fits 320 px`, async ({ page }) => {
      await page.goto(dutch(route));
      await expectAccessibleAndNarrow(page, dutch(route));
    });
  }

  test("a Dutch job opening's page has no WCAG A/AA violations", async ({ page }) => {
    const route = dutch(await firstOpening(page));
    await page.goto(route);
    await expectAccessibleAndNarrow(page, route);
  });
});

test.describe("choosing a language", () => {
  test("the switch in the header keeps the visitor on the same page in the other language", async ({ page }) => {
    await page.goto("/ourstory");
    await page.getByRole("banner").getByRole("link", { name: /Nederlands|Dutch/ }).click();
    await expect(page).toHaveURL(/\/nl\/ourstory$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await page.getByRole("banner").getByRole("link", { name: /English|Engels/ }).click();
    await expect(page).toHaveURL(/\/ourstory$/);
    expect(new URL(page.url()).pathname).toBe("/ourstory");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("the switch in the footer works without JavaScript too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/team");
    await page.getByRole("contentinfo").getByRole("link", { name: /Nederlands|Dutch/ }).click();
    await expect(page).toHaveURL(/\/nl\/team$/);
    await context.close();
  });

  test("a browser that prefers Dutch is offered Dutch on /, not redirected, and its choice is remembered", async ({ browser }) => {
    const context = await browser.newContext({ locale: "nl-NL", extraHTTPHeaders: { "Accept-Language": "nl-NL,nl;q=0.9,en;q=0.8" } });
    const page = await context.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/");
    const offer = page.getByRole("complementary", { name: /Nederlands/ });
    await expect(offer).toBeVisible();
    await offer.getByRole("button").click();
    await expect(offer).toBeHidden();
    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("complementary", { name: /Nederlands/ })).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("en");
    await context.close();
  });

  test("accepting the offer opens the Dutch page", async ({ browser }) => {
    const context = await browser.newContext({ locale: "nl-NL" });
    const page = await context.newPage();
    await page.goto("/ourstory");
    await page.getByRole("complementary", { name: /Nederlands/ }).getByRole("link").click();
    await expect(page).toHaveURL(/\/nl\/ourstory$/);
    await expect(page.getByRole("complementary", { name: /Nederlands/ })).toHaveCount(0);
    await context.close();
  });

  test("an English browser is offered nothing", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-GB" });
    const page = await context.newPage();
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("complementary", { name: /Nederlands/ })).toHaveCount(0);
    await context.close();
  });
});
