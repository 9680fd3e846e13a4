import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { chromium, defineConfig, devices } from "@playwright/test";
import webpush from "web-push";

// The browser: CHROMIUM_PATH, else the system's Chromium (Debian/Ubuntu package), else Playwright's own
// download (`npx playwright install chromium`, where the network allows it).
function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH points at ${process.env.CHROMIUM_PATH}, which does not exist.`);
  }
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  if (existsSync(chromium.executablePath())) return undefined;
  throw new Error(
    "No Chromium found for the browser tests. Either install the system's Chromium (Debian/Ubuntu: " +
      "sudo apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH to a Chromium or Chrome " +
      "binary, or let Playwright download its own: npx playwright install chromium",
  );
}
const chromiumPath = findChromium();
// Most specs run in Chromium's headless shell (Debian's chromium-headless-shell, the same engine and version
// without the full browser around it), as Playwright's own download does for headless runs: on this two-core
// machine it spent half the CPU time of the full browser over the suite (803 s against 1542 s) and the run took
// 14.7 minutes instead of 22. Only the installability check needs the full browser (e2e/notifications.spec.ts
// launches it from E2E_FULL_CHROMIUM). CHROMIUM_PATH, when set, is used for both.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const specBrowserPath = !process.env.CHROMIUM_PATH && chromiumPath && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath;
if (chromiumPath) process.env.E2E_FULL_CHROMIUM ??= chromiumPath;

// Chosen once in the main process; workers inherit the environment.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
process.env.E2E_NEXTAUTH_SECRET ??= randomBytes(32).toString("base64url");
// `next start` refuses to run without an SMTP server unless file mail is chosen on purpose: without an
// SMTP_URL the servers the tests start write their mail as .eml files into a folder of this run.
if (!process.env.SMTP_URL) {
  process.env.MAIL_TRANSPORT ??= "file";
  process.env.MAIL_FILE_DIR ??= mkdtempSync(path.join(tmpdir(), "fixwell-e2e-mail-"));
}
// Likewise payments: without a Mollie key the servers take test payments, each with the stand-in beside
// it (lib/payments/stand-in/beside.ts), whose checkout page the browser reaches on 127.0.0.1.
if (!process.env.MOLLIE_API_KEY) process.env.PAYMENTS_MODE ??= "test";
// Commission already applies on the test server (a start day in the past, a percentage with a fraction), so
// e2e/payment.spec.ts sees money released less a commission; the spec reads the same variables to compute it.
process.env.COMMISSION_PERCENT ??= "12.5";
process.env.COMMISSION_FROM ??= "2026-01-01";
// Web push: a key pair of this run (production mode has none of its own), chosen once like the port.
if (!process.env.E2E_VAPID_PUBLIC_KEY || !process.env.E2E_VAPID_PRIVATE_KEY) {
  const pair = webpush.generateVAPIDKeys();
  process.env.E2E_VAPID_PUBLIC_KEY = pair.publicKey;
  process.env.E2E_VAPID_PRIVATE_KEY = pair.privateKey;
}
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    // Requests through a service worker escape page.route(); only e2e/notifications.spec.ts, which tests the
    // worker itself, lets it run (test.use({ serviceWorkers: "allow" })).
    serviceWorkers: "block",
    launchOptions: {
      ...(specBrowserPath ? { executablePath: specBrowserPath } : {}),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: /ops-job-openings\.spec\.ts$/ },
    // Publishing and closing openings changes what the careers pages list: that spec runs once every
    // spec that reads them has finished.
    { name: "console-publishing", use: { ...devices["Desktop Chrome"] }, testMatch: /ops-job-openings\.spec\.ts$/, dependencies: ["chromium"] },
  ],
  webServer: {
    command: "npx tsx scripts/e2e-server.ts",
    // Ready (200) once the server has warmed up (lib/warm-up.ts); 503 until then.
    url: `${baseURL}/api/health/ready`,
    // The server script builds first unless E2E_SKIP_BUILD=1: about two minutes on an idle two-core machine.
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NEXTAUTH_SECRET: process.env.E2E_NEXTAUTH_SECRET,
      NEXTAUTH_URL: baseURL,
      VAPID_PUBLIC_KEY: process.env.E2E_VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: process.env.E2E_VAPID_PRIVATE_KEY,
      // e2e/notifications.spec.ts stores a subscription at a push service on 127.0.0.1 through the API.
      PUSH_LOCAL_ENDPOINTS: "on",
      // The handyman of e2e/job-life.spec.ts (Hidde, second-cheapest plumber in Rotterdam, whom no
      // other spec's confirmation shows), and of e2e/dutch-notices.spec.ts (Bram, the cheapest
      // electrician in Amsterdam, whom no other spec asks for), and of e2e/pro-profile.spec.ts (Stijn, who
      // edits his profile), of e2e/conversation.spec.ts (Thijs, the cheapest plumber in Amsterdam, whom
      // no other spec asks for), and of e2e/pro-paging.spec.ts (Niels, the cheapest plumber in The Hague,
      // whom no other spec asks for), and of e2e/quote.spec.ts (Sven, the best-rated electrician in
      // Rotterdam, whom no other spec asks for), and of e2e/payment.spec.ts (Noa, the best-rated electrician in
      // The Hague, whom no other spec asks for), and of e2e/ops-money.spec.ts (Emma, the best-rated painter in
      // Rotterdam, whom no other spec asks for), and of e2e/invoices.spec.ts (Anna, the best-rated plumber in
      // The Hague), of e2e/late-cancellation.spec.ts (Ruben, the best-rated plumber in Amsterdam, whom no
      // other spec asks for), and of e2e/no-show.spec.ts (Daan, below), invited by mail.
      E2E_HANDYMAN_INVITES: "13:anna.pro@example.test,17:ruben.pro@example.test,4:noa.pro@example.test,16:sven.pro@example.test,10:hidde.pro@example.test,39:ops-check.pro@example.test,14:bram.pro@example.test,5:stijn.pro@example.test,9:thijs.pro@example.test,21:niels.pro@example.test,32:emma.pro@example.test,12:daan.pro@example.test",
      // One operator per spec file that needs one (e2e/helpers/ops.ts signs them in from the mailed link).
      E2E_OPERATORS: "ops.access@example.test,ops.openings@example.test,ops.rival@example.test,ops.roster@example.test,ops.paging@example.test,ops.join@example.test,ops.threads@example.test,ops.money@example.test,ops.noshow@example.test",
      // e2e/no-show.spec.ts (Daan, the cheapest electrician in The Hague, whom no other spec asks for) waits at
      // the door for real: three seconds here instead of twenty minutes.
      NO_SHOW_WAIT_MINUTES: "0.05",
    },
  },
});
