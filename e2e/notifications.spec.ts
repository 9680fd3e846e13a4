// The installable app in Chromium (issue 35): turning push on from /account asks for permission only after
// the press, and a device's subscription is stored; the service worker's offline page when the network is
// cut, in the page's language. Headless Chromium has no push service without the internet, so
// pushManager.subscribe may fail here: the page then says it could not turn push on, and the stored
// subscription is shown through the API (the real protocol is tests/integration/web-push.test.ts's).
import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { signUp } from "./helpers/auth";

test.describe("notifications", () => {
  test.use({ serviceWorkers: "allow" });

  test("the browser is asked for permission only after Turn on is pressed, and a device's subscription is stored", async ({ page, context }) => {
    await page.addInitScript(() => {
      const asked = { count: 0 };
      (window as unknown as { __permissionAsked: typeof asked }).__permissionAsked = asked;
      const original = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
        asked.count += 1;
        return original(...args);
      };
    });
    await signUp(page);
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 2, name: "Notifications" })).toBeVisible();
    const turnOn = page.getByRole("button", { name: "Turn on notifications on this device" });
    await expect(turnOn).toBeVisible();
    await expect(page.getByTestId("push-needs-script")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __permissionAsked: { count: number } }).__permissionAsked.count)).toBe(0);

    await context.grantPermissions(["notifications"]);
    await turnOn.click();
    const toggle = page.getByTestId("push-toggle");
    await expect(toggle).toHaveAttribute("data-status", /^(on|failed)$/, { timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { __permissionAsked: { count: number } }).__permissionAsked.count)).toBe(1);
    const reached = (await toggle.getAttribute("data-status")) === "on";

    if (!reached) {
      // No push service offline: the subscription a browser would have sent, through the API with this session.
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const stored = await page.request.post("/api/push/subscriptions", {
        data: { endpoint: `http://127.0.0.1:9/push/${randomBytes(6).toString("hex")}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") } },
      });
      expect(stored.status()).toBe(201);
    }
    await page.reload();
    await expect(page.getByText("Notifications are on for one device.")).toBeVisible();
  });

  test("the mail and push choices are saved by the form", async ({ page }) => {
    await signUp(page);
    await page.goto("/account");
    const mailDone = page.getByRole("checkbox", { name: "Mail: The job marked as done" });
    await expect(mailDone).toBeChecked();
    await mailDone.uncheck();
    await page.getByRole("button", { name: "Save choices" }).click();
    await expect(page).toHaveURL(/\/account\?notice=notifications-saved#notifications$/);
    await expect(page.getByText("Your notification choices are saved.")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Mail: The job marked as done" })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Notification on my devices: The job marked as done" })).toBeChecked();
  });

  test("without JavaScript the page says turning push on needs it, and the choices are still saved by a form post", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await signUp(page);
    await page.goto("/account");
    await expect(page.getByText("Turning notifications on needs JavaScript, which is off in this browser.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn on notifications on this device" })).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Notification on my devices: A quote received" }).uncheck();
    await page.getByRole("button", { name: "Save choices" }).click();
    await expect(page.getByText("Your notification choices are saved.")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Notification on my devices: A quote received" })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Mail: A quote received" })).toBeChecked();
    await context.close();
  });

  test("with the network cut, a page load shows the offline page in the page's language", async ({ page, context }) => {
    await page.goto("/");
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state;
    });
    // The worker takes this page over once active (clients.claim); the next loads go through it.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
    await context.setOffline(true);
    await page.goto("/ourstory").catch(() => undefined);
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(page.getByText("You are offline; your requests will be here when you are back.")).toBeVisible();
    await page.goto("/nl/ourstory").catch(() => undefined);
    await expect(page.getByRole("heading", { level: 1, name: "Je bent offline" })).toBeVisible();
    await context.setOffline(false);
    await page.goto("/ourstory");
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toHaveCount(0);
  });

  test("the manifest names the app, its icons and its start address", async ({ request }) => {
    const response = await request.get("/manifest.webmanifest");
    expect(response.status()).toBe(200);
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: "Fixwell", short_name: "Fixwell", display: "standalone", start_url: "/api/start", theme_color: "#0b6e4f" });
    const sizes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
    const start = await request.get("/api/start", { maxRedirects: 0, headers: { "accept-language": "nl-NL,nl;q=0.9" } });
    expect(start.status()).toBe(302);
    expect(start.headers().location).toBe("/nl");
  });
  // Lighthouse dropped its installability audit (the PWA category) in version 12; what it asked, Chromium's own
  // installability check, is asked here directly through the DevTools protocol. Chromium answers "in-incognito"
  // for Playwright's usual throwaway contexts, so this test opens a persistent profile of its own.
  test("Chromium finds the site installable in both languages, and would not without the manifest's icons", async ({ playwright, baseURL }, testInfo) => {
    const profile = mkdtempSync(join(tmpdir(), "fixwell-installable-"));
    // The full browser: the headless shell most specs run in has no installability check (playwright.config.ts).
    const launchOptions = { ...testInfo.project.use.launchOptions, ...(process.env.E2E_FULL_CHROMIUM ? { executablePath: process.env.E2E_FULL_CHROMIUM } : {}) };
    const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, serviceWorkers: "allow" });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const installabilityErrors = async () => ((await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map((error) => error.errorId);
      for (const path of ["/", "/nl"]) {
        await page.goto(path);
        await expect.poll(installabilityErrors, { message: `installability errors on ${path}` }).toEqual([]);
      }
      // The same check fails when the manifest loses its icons: it reads what the site serves.
      await context.route("**/manifest.webmanifest", async (route) => {
        const response = await route.fetch();
        const manifest = await response.json();
        delete manifest.icons;
        await route.fulfill({ response, json: manifest });
      });
      await page.goto("/");
      await expect.poll(installabilityErrors).toContain("manifest-missing-suitable-icon");
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
