// Lighthouse (the npm package, its default mobile settings: a mid-range phone on a slow 4G link,
// simulated) driving the Chromium Playwright uses, on the pages a person reaches first. Reports the
// performance score and the total blocking time of each, against the goals (score ≥ 95, TBT < 200 ms),
// and where the main thread's time went: by kind of work, and the scripts that ran longest.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { chromium } from "@playwright/test";

// Lighthouse runs as its own command with plain Node.js: loaded through tsx (which runs the bench), the
// functions it sends into the page carry tsx's helpers and fail there ("__name is not defined").
const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve("lighthouse/cli/index.js");

type AuditItem = { url?: string; total?: number; scripting?: number; scriptParseCompile?: number; group?: string; groupLabel?: string; duration?: number };
type LighthouseResult = {
  audits: Record<string, { numericValue?: number; details?: { items?: AuditItem[] } }>;
  categories: { performance?: { score: number | null } };
};

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
  /** The total blocking time of every run, in the order they ran; the row reports the median run. */
  runs_total_blocking_time_ms: number[];
  /** Main-thread time by kind of work (script evaluation, style and layout, parsing…), in ms, largest first. */
  main_thread_ms: Record<string, number>;
  /** The scripts that took the main thread longest: evaluation plus parse and compile, in ms. */
  longest_scripts: { script: string; ms: number }[];
};

/** The path of a script's address (its origin is the server under test), or the address as it is. */
function scriptName(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function mainThreadBreakdown(result: LighthouseResult): Pick<LighthouseRow, "main_thread_ms" | "longest_scripts"> {
  const groups = result.audits["mainthread-work-breakdown"]?.details?.items ?? [];
  const main_thread_ms = Object.fromEntries(
    groups
      .filter((item) => typeof item.duration === "number")
      .sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0))
      .map((item) => [item.groupLabel ?? item.group ?? "other", Math.round(item.duration ?? 0)]),
  );
  const scripts = result.audits["bootup-time"]?.details?.items ?? [];
  const longest_scripts = scripts
    .map((item) => ({ script: scriptName(item.url ?? "?"), ms: Math.round((item.scripting ?? 0) + (item.scriptParseCompile ?? 0)) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5);
  return { main_thread_ms, longest_scripts };
}

function systemChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return "/usr/bin/chromium";
}

/** Runs per page (BENCH_LIGHTHOUSE_RUNS, 3): one run swings by 100 ms of blocking time on this machine. */
export function lighthouseRuns(): number {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  return Number.isInteger(runs) && runs >= 1 && runs <= 15 ? runs : 3;
}

/** The run with the median total blocking time (the middle one of an odd number of runs). */
function medianRun(results: LighthouseResult[]): LighthouseResult {
  const tbt = (result: LighthouseResult) => result.audits["total-blocking-time"]?.numericValue ?? Number.POSITIVE_INFINITY;
  return [...results].sort((a, b) => tbt(a) - tbt(b))[Math.floor((results.length - 1) / 2)];
}

/**
 * Lighthouse on each page, `lighthouseRuns()` times, each in a fresh browser profile (no cache between
 * runs); reports the run with the median total blocking time, and the spread of the runs.
 */
export async function runLighthouse(pages: LighthousePage[]): Promise<LighthouseRow[]> {
  const port = 9300 + Math.floor(Math.random() * 500);
  const browser = await chromium.launch({
    executablePath: systemChromium(),
    args: [`--remote-debugging-port=${port}`, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const page of pages) {
      const results: LighthouseResult[] = [];
      for (let run = 0; run < lighthouseRuns(); run++) {
        // Lighthouse now and then fails to record its trace (NO_NAVSTART); such a run is made once more.
        results.push(
          await lighthouseCli(page.url, port, page.cookie).catch((error: unknown) => {
            console.warn(`bench: lighthouse ${page.name}: ${error instanceof Error ? error.message : String(error)}; running it again`);
            return lighthouseCli(page.url, port, page.cookie);
          }),
        );
      }
      const lhr = medianRun(results);
      const runsTbt = results.map((result) => Math.round(result.audits["total-blocking-time"]?.numericValue ?? NaN));
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
        runs_total_blocking_time_ms: runsTbt,
        ...mainThreadBreakdown(lhr),
      });
      console.log(`bench: lighthouse ${page.name}: performance ${performance}, TBT ${rows.at(-1)!.total_blocking_time_ms} ms (median of ${runsTbt.join(", ")})`);
    }
  } finally {
    await browser.close();
  }
  return rows;
}
