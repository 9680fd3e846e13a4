// Lighthouse (the npm package, its default mobile settings: a mid-range phone on a slow 4G link,
// simulated) driving the Chromium Playwright uses, on the pages a person reaches first. Reports the
// performance score and the total blocking time of each, against the goals (score ≥ 95, TBT < 200 ms).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { chromium } from "@playwright/test";

// Lighthouse runs as its own command with plain Node.js: loaded through tsx (which runs the bench), the
// functions it sends into the page carry tsx's helpers and fail there ("__name is not defined").
const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve("lighthouse/cli/index.js");

type LighthouseResult = { audits: Record<string, { numericValue?: number }>; categories: { performance?: { score: number | null } } };

function lighthouseCli(url: string, port: number, cookie?: string): Promise<LighthouseResult> {
  const args = [LIGHTHOUSE_CLI, url, `--port=${port}`, "--output=json", "--output-path=stdout", "--only-categories=performance", "--quiet"];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ cookie })}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} on ${url}`));
      try {
        resolve(JSON.parse(out) as LighthouseResult);
      } catch (error) {
        reject(error);
      }
    });
  });
}

export const LIGHTHOUSE_SCORE_GOAL = 95;
export const LIGHTHOUSE_TBT_GOAL_MS = 200;

export type LighthousePage = { name: string; url: string; cookie?: string };

export type LighthouseRow = {
  page: string;
  performance: number | null;
  total_blocking_time_ms: number | null;
  largest_contentful_paint_ms: number | null;
  cumulative_layout_shift: number | null;
  verdict: string;
};

function systemChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return "/usr/bin/chromium";
}

/** One Lighthouse run per page, each in a fresh browser profile (no cache between pages). */
export async function runLighthouse(pages: LighthousePage[]): Promise<LighthouseRow[]> {
  const port = 9300 + Math.floor(Math.random() * 500);
  const browser = await chromium.launch({
    executablePath: systemChromium(),
    args: [`--remote-debugging-port=${port}`, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const page of pages) {
      const lhr = await lighthouseCli(page.url, port, page.cookie);
      const audits = lhr.audits;
      const score = lhr.categories.performance?.score;
      const performance = typeof score === "number" ? Math.round(score * 100) : null;
      const tbt = audits["total-blocking-time"]?.numericValue;
      const lcp = audits["largest-contentful-paint"]?.numericValue;
      const cls = audits["cumulative-layout-shift"]?.numericValue;
      const met = performance !== null && performance >= LIGHTHOUSE_SCORE_GOAL && typeof tbt === "number" && tbt < LIGHTHOUSE_TBT_GOAL_MS;
      rows.push({
        page: page.name,
        performance,
        total_blocking_time_ms: typeof tbt === "number" ? Math.round(tbt) : null,
        largest_contentful_paint_ms: typeof lcp === "number" ? Math.round(lcp) : null,
        cumulative_layout_shift: typeof cls === "number" ? Math.round(cls * 1000) / 1000 : null,
        verdict: met ? "met" : "not met",
      });
      console.log(`bench: lighthouse ${page.name}: performance ${performance}, TBT ${rows.at(-1)!.total_blocking_time_ms} ms`);
    }
  } finally {
    await browser.close();
  }
  return rows;
}
