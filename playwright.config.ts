import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium: Playwright's own browser download is not possible on a closed network.
const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  throw new Error(
    `No Chromium at ${chromiumPath}. Install one (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
  );
}

// Chosen once in the main process; workers inherit the environment.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
process.env.E2E_NEXTAUTH_SECRET ??= randomBytes(32).toString("base64url");
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
    launchOptions: {
      executablePath: chromiumPath,
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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "npx tsx scripts/e2e-server.ts",
    url: `${baseURL}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NEXTAUTH_SECRET: process.env.E2E_NEXTAUTH_SECRET,
      NEXTAUTH_URL: baseURL,
    },
  },
});
