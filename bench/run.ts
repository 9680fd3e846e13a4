// npm run bench — builds once, starts `next start` on PostgreSQL and measures the app's scenarios with
// autocannon (BENCH_DURATION s each, default 15, at BENCH_CONNECTIONS connections, default 50):
// requests/s, p50/p99 latency, non-2xx answers, peak server RSS, and the home page's JavaScript.
// In the same run it measures anchors, each only when installed (otherwise it says why not): nginx
// serving the home page's HTML as a file, a bare Next.js app of the same version (bench/bare-next), and
// pgbench inserting the row POST /api/inputs inserts; and it sets each scenario against the anchor the
// project's goals name, marked met or not met.
//
//   npm run bench                 the scenarios and the anchors
//   npm run bench -- --soak       every scenario in turn for 5 minutes (BENCH_SOAK_SECONDS), sampling the
//                                 server's RSS every 10 s: does memory settle, and under 400 MB?
//   npm run bench -- --cluster    `npm run start:cluster` behind nginx (deploy/nginx.conf), on Redis: the
//                                 pages through nginx against nginx serving the file
//   npm run bench -- --register   the confirmation page (/inputs/criteria/arranging) and the criteria page
//                                 (/inputs/criteria/{id}) for one request: their bytes with the 39 sample
//                                 handymen, then with a register grown to
//                                 BENCH_REGISTER_SIZE (default 20,000) spread over the 3 cities × 3 trades
//                                 (removed again afterwards)
//   npm run bench -- --scale      the pages and calls of a growing market, on the seeded database and on a
//                                 marketplace-sized one built beside it (bench/scale.ts): median time and bytes, with the growth
//   npm run bench -- --lighthouse Lighthouse's mobile run of /, /job-openings, a job page, /signup and
//                                 /inputs (signed in), in English and Dutch: performance score and total blocking time
//
// The app is built into NEXT_DIST_DIR (default .next-bench, so a development build is left alone);
// BENCH_SKIP_BUILD=1 reuses the builds there and in bench/bare-next/.next. Prints tables and writes
// them as JSON to bench/results/ (latest.json, latest-soak.json, latest-cluster.json). It reports
// figures; it never fails on speed.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { encode } from "next-auth/jwt";
import { serverNodeOptions } from "../lib/cluster";
import { connect } from "../lib/db/connect";
import { migrate } from "../lib/db/migrate";
import { seed } from "../lib/sample-data";
import { startNginx as startProxyNginx } from "../tests/helpers/nginx";
import { MARKET, measureCalls, prepareMarket, prepareSeeded, scaleDatabaseUrl, scaleTable } from "./scale";
import { LIGHTHOUSE_SCORE_GOAL, LIGHTHOUSE_TBT_GOAL_MS, lighthouseRuns, runLighthouse } from "./lighthouse";
import {
  ROOT,
  NEXT_BIN,
  buildApp,
  buildBareNext,
  consecutiveFreePorts,
  findNginx,
  findPgbench,
  freePort,
  inputsReadsAnchor,
  pgbenchInsert,
  redisAnswers,
  startBareNext,
  startStaticNginx,
  stopChild,
  waitForServer,
  type PgbenchResult,
  type ReadsResult,
  type Skipped,
} from "./anchors";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SOAK_S = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const SOAK_SLICE_S = Number(process.env.BENCH_SOAK_SLICE_SECONDS ?? 10);
const SOAK_SAMPLE_S = 10;
const SOAK_RSS_LIMIT_MB = 400;
// The home page's own JavaScript: at most this much gzipped beyond what the bare Next.js page loads (issue 36).
const JS_BEYOND_FRAMEWORK_GOAL_KB = 15;
// How long the server sits idle after the load before its resting memory is read.
const IDLE_SETTLE_S = 10;
// The goal of GET /api/inputs/{email}: this share of the bare Next.js route handler's rate.
const INPUTS_GET_GOAL = 0.6;
// Node.js options for the measured server only (e.g. "--max-old-space-size=256"), to compare settings.
const SERVER_NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS ?? "";
// --soak only: a folder for two V8 heap snapshots of the server, after the warm-up and after the soak.
const HEAP_SNAPSHOT_DIR = process.env.BENCH_HEAP_SNAPSHOT_DIR ?? "";

type Mode = "standard" | "soak" | "cluster" | "lighthouse" | "register" | "scale";

type Row = {
  scenario: string;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  non_2xx: number;
  errors: number;
  requests: number;
};

type Scenario = { name: string; page?: string; options: Partial<autocannon.Options> & { url: string } };

type Ratio = {
  scenario: string;
  of: string;
  ratio: number | null;
  goal: string;
  verdict: string;
};

type PageServing = { path: string; status: number; cache_control: string | null; prerendered: boolean };

type Account = { id: string; email: string; sessionId: string };

// ---------------------------------------------------------------------------------------------------
// Measuring

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
function treeRss(pid: number): number {
  const children = spawnSync("pgrep", ["-P", String(pid)]).stdout?.toString().split("\n").filter(Boolean) ?? [];
  let rss = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    rss = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
  return rss + children.reduce((sum, child) => sum + treeRss(Number(child)), 0);
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

function peakRssSampler(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(pid));
  }, 200);
  return {
    get peakMb() {
      return mb(peak);
    },
    stop: () => clearInterval(timer),
  };
}

function autocannonRun(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function toRow(name: string, result: autocannon.Result): Row {
  return {
    scenario: name,
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/** A short warm-up (first-request compilation, pool start-up), then `durationS` at CONNECTIONS. */
async function measure(scenario: Scenario, durationS = DURATION_S, warmUp = true): Promise<Row> {
  if (warmUp) await autocannonRun({ ...scenario.options, connections: 5, duration: 2 } as autocannon.Options);
  const result = await autocannonRun({ ...scenario.options, connections: CONNECTIONS, duration: durationS } as autocannon.Options);
  console.log(`bench: ${scenario.name}: ${Math.round(result.requests.average)} requests/s`);
  return toRow(scenario.name, result);
}

/** Gzipped size (level 9) of every script file the home page loads, and of its inline scripts. */
async function homePageJs(baseUrl: string, html: string): Promise<{ script_files_gzip_kb: number; inline_gzip_kb: number; script_files: number }> {
  const sources = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]));
  let files = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer());
    files += gzipSync(body, { level: 9 }).byteLength;
  }
  const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  return { script_files_gzip_kb: kb(files), inline_gzip_kb: kb(gzipSync(Buffer.from(inline), { level: 9 }).byteLength), script_files: sources.size };
}

/** How a page is served: from the prerendered output (Next.js's cache headers) or rendered per request. */
async function pageServing(scenario: Scenario): Promise<PageServing> {
  const response = await fetch(scenario.options.url, { headers: (scenario.options.headers as Record<string, string>) ?? {}, redirect: "manual" });
  await response.arrayBuffer();
  const cacheControl = response.headers.get("cache-control");
  const prerendered = response.headers.has("x-nextjs-cache") || response.headers.has("x-nextjs-prerender") || /s-maxage/.test(cacheControl ?? "");
  return { path: scenario.page!, status: response.status, cache_control: cacheControl, prerendered };
}

const failed = (error: unknown): Skipped => ({ skipped: `failed: ${error instanceof Error ? error.message : String(error)}` });

/** nginx serving the home page's HTML as a file; or why not. */
async function nginxFileAnchor(homeHtml: string, name = "anchor: nginx serving the home page's HTML as a file"): Promise<Row | Skipped> {
  const nginxBin = findNginx();
  if (typeof nginxBin !== "string") return nginxBin;
  try {
    const nginx = await startStaticNginx(nginxBin, homeHtml);
    try {
      return await measure({ name, options: { url: nginx.url } });
    } finally {
      await nginx.stop();
    }
  } catch (error) {
    return failed(error);
  }
}

// ---------------------------------------------------------------------------------------------------
// Ratios against the goals

function ratioOf(scenario: Row | undefined, anchor: Row | Skipped | undefined, anchorName: string, goal: number | undefined): Ratio {
  const goalText = goal === undefined ? "—" : `≥ ${Math.round(goal * 100)}%`;
  const base = { scenario: scenario?.scenario ?? "?", of: anchorName, goal: goalText };
  if (!scenario) return { ...base, ratio: null, verdict: "not measured" };
  if (!anchor) return { ...base, ratio: null, verdict: "skipped: anchor not measured" };
  if ("skipped" in anchor) return { ...base, ratio: null, verdict: `skipped: ${anchor.skipped}` };
  const ratio = anchor.requests_per_s > 0 ? Math.round((scenario.requests_per_s / anchor.requests_per_s) * 1000) / 1000 : null;
  const failed = scenario.non_2xx + scenario.errors > 0 ? " (not every answer was 2xx)" : "";
  if (ratio === null) return { ...base, ratio, verdict: "anchor answered nothing" };
  if (goal === undefined) return { ...base, ratio, verdict: `no goal${failed}` };
  return { ...base, ratio, verdict: `${ratio >= goal && !failed ? "met" : "not met"}${failed}` };
}

function printRatios(ratios: Ratio[]) {
  console.table(ratios.map((r) => ({ scenario: r.scenario, "of": r.of, ratio: r.ratio === null ? "—" : `${Math.round(r.ratio * 100)}%`, goal: r.goal, verdict: r.verdict })));
}

type JsSize = Awaited<ReturnType<typeof homePageJs>>;
type JsBeyond = { beyond_framework_gzip_kb: number | null; goal: string; verdict: string };

/** The home page's own JavaScript: its script files and inline scripts beyond those of the bare Next.js page. */
function homePageJsBeyondFramework(js: JsSize, bareJs: JsSize | undefined): JsBeyond {
  const goal = `≤ ${JS_BEYOND_FRAMEWORK_GOAL_KB} kB gzipped beyond the bare Next.js page (script files and inline)`;
  if (!bareJs) return { beyond_framework_gzip_kb: null, goal, verdict: "not measured (no bare Next.js page)" };
  const beyond = Math.round((js.script_files_gzip_kb + js.inline_gzip_kb - bareJs.script_files_gzip_kb - bareJs.inline_gzip_kb) * 10) / 10;
  return { beyond_framework_gzip_kb: beyond, goal, verdict: beyond <= JS_BEYOND_FRAMEWORK_GOAL_KB ? "met" : "not met" };
}

type SoakSummary = { measured_at: string; last_minute_avg_rss_mb: number | null; second_minute_avg_rss_mb: number | null; verdict: string };

/** The last `--soak` run's memory, if one was written (bench/results/latest-soak.json). */
function lastSoak(): SoakSummary | undefined {
  try {
    return JSON.parse(readFileSync(path.join(ROOT, "bench/results/latest-soak.json"), "utf8")) as SoakSummary;
  } catch {
    return undefined;
  }
}

type GoalRow = { row: string; now: string; of: string; ratio: string; goal: string; verdict: string };

const percent = (ratio: number | null) => (ratio === null ? "—" : `${Math.round(ratio * 100)}%`);

/** Every row of issue 36's table, from this run (and, for the soak and CI, where the figure comes from). */
function goalRows(run: {
  rows: Row[];
  ratios: Ratio[];
  memory: { peak_mb: number; after_load_mb: number; idle_before_load_mb: number; idle_after_load_mb: number };
  js: JsSize;
  bareJs: JsSize | undefined;
  jsBeyond: JsBeyond;
  soak: SoakSummary | undefined;
}): GoalRow[] {
  const fromRatio = (label: string, scenario: string): GoalRow => {
    const r = run.ratios.find((x) => x.scenario === scenario);
    const measured = run.rows.find((x) => x.scenario === scenario);
    return {
      row: label,
      now: measured ? `${measured.requests_per_s}/s, p99 ${Math.round(measured.p99_ms)} ms` : "—",
      of: r?.of ?? "—",
      ratio: percent(r?.ratio ?? null),
      goal: r?.goal ?? "—",
      verdict: r?.verdict ?? "not measured",
    };
  };
  const { memory, soak } = run;
  const limit = SOAK_RSS_LIMIT_MB;
  return [
    fromRatio("GET /", "GET /"),
    fromRatio("careers list", "GET /job-openings"),
    fromRatio("careers opening", "GET /job-openings/{id}"),
    fromRatio("GET /dashboard signed in", "GET /dashboard (signed in)"),
    fromRatio("GET /api/inputs/{email}", "GET /api/inputs/{email} (signed in)"),
    fromRatio("POST /api/inputs", "POST /api/inputs (signed in)"),
    {
      row: "server RSS, peak under load",
      now: `${memory.peak_mb} MB`,
      of: `${limit} MB`,
      ratio: percent(memory.peak_mb / limit),
      goal: `< ${limit} MB`,
      verdict: memory.peak_mb < limit ? "met" : "not met",
    },
    {
      row: "server RSS, after the load",
      now: `${memory.after_load_mb} MB at its end, ${memory.idle_after_load_mb} MB idle after it`,
      of: `${limit} MB`,
      ratio: percent(memory.idle_after_load_mb / limit),
      goal: `< ${limit} MB`,
      verdict: memory.idle_after_load_mb < limit ? "met" : "not met",
    },
    {
      row: "server RSS, after a soak (npm run bench -- --soak)",
      now: soak
        ? `${soak.last_minute_avg_rss_mb ?? "—"} MB in the last minute, ${soak.second_minute_avg_rss_mb ?? "—"} MB in the second (latest-soak.json, ${soak.measured_at.slice(0, 10)})`
        : "not in this run: run npm run bench -- --soak",
      of: `${limit} MB`,
      ratio: soak?.last_minute_avg_rss_mb ? percent(soak.last_minute_avg_rss_mb / limit) : "—",
      goal: `flat (within 10%) and < ${limit} MB`,
      verdict: soak ? soak.verdict : "not measured",
    },
    {
      row: "server RSS, idle before the load",
      now: `${memory.idle_before_load_mb} MB`,
      of: `${limit} MB`,
      ratio: percent(memory.idle_before_load_mb / limit),
      goal: `< ${limit} MB`,
      verdict: memory.idle_before_load_mb < limit ? "met" : "not met",
    },
    {
      row: "the home page's own JavaScript",
      now: `${Math.round((run.js.script_files_gzip_kb + run.js.inline_gzip_kb) * 10) / 10} kB gzipped (${run.js.script_files} files + inline)`,
      of: run.bareJs ? `bare Next.js ${Math.round((run.bareJs.script_files_gzip_kb + run.bareJs.inline_gzip_kb) * 10) / 10} kB` : "bare Next.js not measured",
      ratio: run.jsBeyond.beyond_framework_gzip_kb === null ? "—" : `+${run.jsBeyond.beyond_framework_gzip_kb} kB`,
      goal: `≤ +${JS_BEYOND_FRAMEWORK_GOAL_KB} kB`,
      verdict: run.jsBeyond.verdict,
    },
    {
      row: "a full .ci/run",
      now: "not measured by the bench: a whole `.ci/run` on this machine, timed (`time .ci/run`) and given in the issue's closing note",
      of: "—",
      ratio: "—",
      goal: "≤ 30 min, under load too",
      verdict: "not measured here",
    },
  ];
}

// ---------------------------------------------------------------------------------------------------
// The app, its data and its scenarios

type Fixtures = { reader: Account; writer: Account; jobId: string; postgres: string; cleanup(): Promise<void> };

/** Migrates and seeds the database; a reader with ten requests (GET /api/inputs/{email}) and a writer (POST). */
async function prepareDatabase(databaseUrl: string): Promise<Fixtures> {
  const connection = await connect({ databaseUrl, poolMax: 2 });
  const stamp = Date.now();
  const account = (role: string): Account => ({ id: randomUUID(), email: `bench-${role}-${stamp}@fixwell.example`, sessionId: randomUUID() });
  const reader = account("reader");
  const writer = account("writer");
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const { jobId, postgres } = await connection.withSql(async (sql) => {
    await migrate(sql);
    await seed(sql);
    for (const user of [reader, writer]) {
      await sql.query(`INSERT INTO "users" (id, email, password_hash, email_verified_at) VALUES ($1, $2, 'not-a-usable-hash', now())`, [user.id, user.email]);
      await sql.query(`INSERT INTO "sessions" (id, user_id, remember) VALUES ($1, $2, true)`, [user.sessionId, user.id]);
    }
    for (let i = 0; i < 10; i++) {
      await sql.query(
        `INSERT INTO "inputs" (input_id, user_id, task_type, city, details, date) VALUES ($1, $2, 'Painting', 'Amsterdam', 'Two walls of the living room.', $3)`,
        [randomUUID(), reader.id, tomorrow],
      );
    }
    const [job] = await sql.query<{ job_id: string }>(`SELECT job_id FROM "job_openings" WHERE status = 'published' ORDER BY job_id LIMIT 1`);
    const [version] = await sql.query<{ server_version: string }>(`SHOW server_version`);
    return { jobId: job.job_id, postgres: `PostgreSQL ${version.server_version}` };
  });
  return {
    reader,
    writer,
    jobId,
    postgres,
    async cleanup() {
      await connection.withSql((sql) => sql.query(`DELETE FROM "users" WHERE id = ANY($1::uuid[])`, [[reader.id, writer.id]])).catch(() => {});
      await connection.close();
    },
  };
}

async function sessionCookie(user: Account, secret: string): Promise<string> {
  const token = await encode({ token: { sub: user.id, email: user.email, remember: true, sid: user.sessionId, sv: 0, authTime: Math.floor(Date.now() / 1000) }, secret });
  return `next-auth.session-token=${token}`;
}

async function appScenarios(baseUrl: string, fixtures: Fixtures, secret: string): Promise<Scenario[]> {
  const readerCookie = await sessionCookie(fixtures.reader, secret);
  const writerCookie = await sessionCookie(fixtures.writer, secret);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return [
    { name: "GET /", page: "/", options: { url: `${baseUrl}/` } },
    { name: "GET /job-openings", page: "/job-openings", options: { url: `${baseUrl}/job-openings` } },
    { name: "GET /job-openings/{id}", page: `/job-openings/${fixtures.jobId}`, options: { url: `${baseUrl}/job-openings/${fixtures.jobId}` } },
    { name: "GET /api/job-openings", options: { url: `${baseUrl}/api/job-openings` } },
    { name: "GET /dashboard (signed in)", page: "/dashboard", options: { url: `${baseUrl}/dashboard`, headers: { cookie: readerCookie } } },
    {
      name: "GET /api/inputs/{email} (signed in)",
      options: { url: `${baseUrl}/api/inputs/${encodeURIComponent(fixtures.reader.email)}`, headers: { cookie: readerCookie } },
    },
    {
      name: "POST /api/inputs (signed in)",
      options: {
        url: `${baseUrl}/api/inputs`,
        method: "POST",
        headers: { "content-type": "application/json", cookie: writerCookie },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({
                input_id: randomUUID(),
                user_email: fixtures.writer.email,
                task_type: "Pipe-leakage",
                city: "Rotterdam",
                details: "Dripping pipe under the kitchen sink.",
                date: tomorrow,
                criteria: "",
              }),
            }),
          },
        ],
      },
    },
  ];
}

type AppServer = { baseUrl: string; child: ChildProcess; stop(): Promise<void> };

async function startApp(env: NodeJS.ProcessEnv, secret: string, extraNodeOptions: string[] = []): Promise<AppServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The heap limit `npm start` and `npm run start:cluster` give the server (lib/cluster.ts), then any options to compare.
  const nodeOptions = [serverNodeOptions(env), SERVER_NODE_OPTIONS, ...extraNodeOptions].filter(Boolean).join(" ");
  const child = spawn(NEXT_BIN, ["start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: "production",
      NEXTAUTH_SECRET: secret,
      NEXTAUTH_URL: baseUrl,
      MAIL_TRANSPORT: "file",
      PAYMENTS_MODE: "test",
      // The writer makes thousands of requests in a run; the per-account ceiling is not what is measured.
      REQUESTS_PER_USER_PER_DAY: "1000000",
      ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForServer(`${baseUrl}/api/health`);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { baseUrl, child, stop: () => stopChild(child) };
}

function machine(postgres: string) {
  return {
    cpus: os.availableParallelism(),
    cpu_model: os.cpus()[0]?.model,
    memory_gib: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    database: postgres,
  };
}

function writeReport(name: string, report: { measured_at: string; [key: string]: unknown } | undefined) {
  if (!report) return;
  mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
  const stamp = report.measured_at.replace(/[:.]/g, "-");
  const file = path.join(ROOT, "bench/results", `${stamp}${name === "latest" ? "" : `-${name.replace(/^latest-/, "")}`}.json`);
  const text = JSON.stringify(report, null, 2) + "\n";
  writeFileSync(file, text);
  writeFileSync(path.join(ROOT, "bench/results", `${name}.json`), text);
  console.log(`bench: wrote ${path.relative(ROOT, file)} and bench/results/${name}.json`);
}

// ---------------------------------------------------------------------------------------------------
// Modes

async function standard(env: NodeJS.ProcessEnv, fixtures: Fixtures, bareBuild: Skipped | undefined, databaseUrl: string) {
  const secret = randomBytes(32).toString("base64url");
  const app = await startApp(env, secret);
  const rss = peakRssSampler(app.child.pid!);
  let report;
  try {
    const scenarios = await appScenarios(app.baseUrl, fixtures, secret);
    const homeHtml = await (await fetch(`${app.baseUrl}/`)).text();
    const js = await homePageJs(app.baseUrl, homeHtml);
    const pages: PageServing[] = [];
    for (const scenario of scenarios.filter((s) => s.page)) pages.push(await pageServing(scenario));
    // Resting memory before any load: started, every page asked once.
    const idleBeforeMb = mb(treeRss(app.child.pid!));

    const rows: Row[] = [];
    for (const scenario of scenarios) rows.push(await measure(scenario));
    rss.stop();
    const afterLoadMb = mb(treeRss(app.child.pid!));

    // Anchors, one at a time, while the app's server sits idle.
    const anchors: Record<string, Row | Skipped> = {};
    let bareHtmlBytes: number | undefined;
    let bareJs: Awaited<ReturnType<typeof homePageJs>> | undefined;
    anchors.nginx_file = await nginxFileAnchor(homeHtml);
    if (bareBuild) {
      anchors.bare_static = bareBuild;
      anchors.bare_route = bareBuild;
    } else {
      try {
        const bare = await startBareNext(env);
        try {
          const bareHtml = await (await fetch(`${bare.baseUrl}/`)).text();
          bareHtmlBytes = Buffer.byteLength(bareHtml);
          bareJs = await homePageJs(bare.baseUrl, bareHtml);
          anchors.bare_static = await measure({ name: "anchor: bare Next.js, static page", options: { url: `${bare.baseUrl}/` } });
          anchors.bare_route = await measure({ name: "anchor: bare Next.js, dynamic route handler", options: { url: `${bare.baseUrl}/api/ping` } });
        } finally {
          await bare.stop();
        }
      } catch (error) {
        anchors.bare_static = anchors.bare_static ?? failed(error);
        anchors.bare_route = anchors.bare_route ?? failed(error);
      }
    }
    const pgbenchBin = findPgbench();
    let pgbench: PgbenchResult | Skipped;
    if (typeof pgbenchBin !== "string") {
      pgbench = pgbenchBin;
    } else {
      try {
        pgbench = await pgbenchInsert(pgbenchBin, databaseUrl, DURATION_S);
        console.log(`bench: anchor: pgbench INSERT: ${pgbench.transactions_per_s} transactions/s`);
      } catch (error) {
        pgbench = failed(error);
      }
    }
    // The database work of GET /api/inputs/{email} without Next.js: how fast its client can ask at all.
    let inputsReads: ReadsResult[] | Skipped;
    try {
      inputsReads = await inputsReadsAnchor(databaseUrl, fixtures.reader, DURATION_S, CONNECTIONS);
      for (const reads of inputsReads) console.log(`bench: anchor: GET /api/inputs's reads through ${reads.client}: ${reads.requests_per_s}/s`);
    } catch (error) {
      inputsReads = failed(error);
    }

    // The app's server has sat idle through the anchors; its resting memory after the load.
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_S * 1000));
    const idleAfterMb = mb(treeRss(app.child.pid!));

    const row = (name: string) => rows.find((r) => r.scenario === name);
    const home = row("GET /");
    const ratios: Ratio[] = [
      ratioOf(home, anchors.bare_static, "bare Next.js static page", 0.9),
      ratioOf(row("GET /job-openings"), home, "our GET /", 0.5),
      ratioOf(row("GET /job-openings/{id}"), home, "our GET /", 0.5),
      ratioOf(row("GET /api/job-openings"), home, "our GET /", 0.5),
      ratioOf(row("GET /dashboard (signed in)"), home, "our GET /", 0.3),
      ratioOf(row("GET /api/inputs/{email} (signed in)"), anchors.bare_route, "bare Next.js route handler", INPUTS_GET_GOAL),
      ratioOf(row("POST /api/inputs (signed in)"), anchors.bare_route, "bare Next.js route handler", 0.4),
    ];
    const post = row("POST /api/inputs (signed in)");
    if (post && !("skipped" in pgbench)) {
      ratios.push({
        scenario: post.scenario,
        of: "pgbench INSERT (transactions/s)",
        ratio: Math.round((post.requests_per_s / pgbench.transactions_per_s) * 1000) / 1000,
        goal: "—",
        verdict: "no goal",
      });
    }

    const jsBeyond = homePageJsBeyondFramework(js, bareJs);
    const memory = { peak_mb: rss.peakMb, after_load_mb: afterLoadMb, idle_before_load_mb: idleBeforeMb, idle_after_load_mb: idleAfterMb };
    const goals = goalRows({ rows, ratios, memory, js, bareJs, jsBeyond, soak: lastSoak() });

    report = {
      mode: "standard" as Mode,
      measured_at: new Date().toISOString(),
      machine: machine(fixtures.postgres),
      duration_s: DURATION_S,
      connections: CONNECTIONS,
      scenarios: rows,
      pages,
      anchors: { ...anchors, pgbench_insert: pgbench, inputs_reads_without_next: inputsReads },
      ratios,
      peak_server_rss_mb: rss.peakMb,
      server_rss_mb: memory,
      goals,
      home_page: {
        html_bytes: Buffer.byteLength(homeHtml),
        bare_next_static_html_bytes: bareHtmlBytes ?? null,
        js: { ...js, ...jsBeyond },
        // What Next.js itself loads on a page without client components (the bare app's static page).
        bare_next_static_js: bareJs ?? null,
      },
    };
    console.table([...rows, ...Object.values(anchors).filter((a): a is Row => !("skipped" in a))]);
    for (const [name, anchor] of Object.entries(anchors)) if ("skipped" in anchor) console.log(`bench: anchor ${name} skipped: ${anchor.skipped}`);
    console.log(
      "skipped" in pgbench
        ? `bench: anchor pgbench skipped: ${pgbench.skipped}`
        : `pgbench INSERT (-c 50 -j 2 -T ${pgbench.duration_s}): ${pgbench.transactions_per_s} transactions/s, ${pgbench.latency_avg_ms} ms average`,
    );
    printRatios(ratios);
    const bareRoute = anchors.bare_route;
    if (!("skipped" in inputsReads) && bareRoute && !("skipped" in bareRoute)) {
      const goal = Math.round(bareRoute.requests_per_s * INPUTS_GET_GOAL);
      const reads = inputsReads.map((r) => `${r.requests_per_s}/s through ${r.client}`).join(", ");
      console.log(`GET /api/inputs/{email}: the goal is ${goal}/s (${Math.round(INPUTS_GET_GOAL * 100)}% of the bare route handler); its two reads alone, without Next.js: ${reads}`);
    }
    console.log(
      `server RSS: peak ${memory.peak_mb} MB, ${memory.after_load_mb} MB after the load, idle ${memory.idle_before_load_mb} MB before it and ${memory.idle_after_load_mb} MB after it; ` +
        `home page HTML ${report.home_page.html_bytes} bytes (bare Next.js page ${bareHtmlBytes ?? "—"}); ` +
        `home page JavaScript: ${js.script_files_gzip_kb} kB gzipped in ${js.script_files} script files and ${js.inline_gzip_kb} kB inline; ` +
        `the bare Next.js page ${bareJs ? `${bareJs.script_files_gzip_kb} kB in ${bareJs.script_files} files and ${bareJs.inline_gzip_kb} kB inline` : "—"}`,
    );
    console.log("\nIssue 36's goals, in this run:");
    console.table(goals);
  } finally {
    rss.stop();
    await app.stop();
  }
  writeReport("latest", report);
}

/** Asks the server for a heap snapshot (--heapsnapshot-signal) and waits until it is written. */
async function heapSnapshot(pid: number, dir: string): Promise<string> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, "SIGUSR2");
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const file = readdirSync(dir).find((name) => name.endsWith(".heapsnapshot") && !before.has(name));
    if (!file) continue;
    const size = statSync(path.join(dir, file)).size;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (size > 0 && statSync(path.join(dir, file)).size === size) return path.join(dir, file);
  }
}

async function soak(env: NodeJS.ProcessEnv, fixtures: Fixtures) {
  const secret = randomBytes(32).toString("base64url");
  if (HEAP_SNAPSHOT_DIR) mkdirSync(HEAP_SNAPSHOT_DIR, { recursive: true });
  const snapshotOptions = HEAP_SNAPSHOT_DIR ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${path.resolve(HEAP_SNAPSHOT_DIR)}`] : [];
  const app = await startApp(env, secret, snapshotOptions);
  const pid = app.child.pid!;
  const snapshots: string[] = [];
  let report;
  try {
    const scenarios = await appScenarios(app.baseUrl, fixtures, secret);
    console.log(`bench: soak: warming up, then ${SOAK_S} s of ${scenarios.length} scenarios in turn, ${SOAK_SLICE_S} s each`);
    for (const scenario of scenarios) await autocannonRun({ ...scenario.options, connections: 5, duration: 2 } as autocannon.Options);
    if (HEAP_SNAPSHOT_DIR) snapshots.push(await heapSnapshot(pid, HEAP_SNAPSHOT_DIR));

    const series: { t_s: number; rss_mb: number }[] = [];
    const started = Date.now();
    const elapsed = () => (Date.now() - started) / 1000;
    const sample = () => series.push({ t_s: Math.round(elapsed()), rss_mb: mb(treeRss(pid)) });
    sample();
    const sampler = setInterval(sample, SOAK_SAMPLE_S * 1000);
    const totals = new Map<string, Row & { slices: number; seconds: number }>();
    let rounds = 0;
    try {
      while (elapsed() < SOAK_S) {
        rounds++;
        for (const scenario of scenarios) {
          const left = SOAK_S - elapsed();
          if (left < 1) break;
          const duration = Math.min(SOAK_SLICE_S, Math.ceil(left));
          const row = toRow(scenario.name, await autocannonRun({ ...scenario.options, connections: CONNECTIONS, duration } as autocannon.Options));
          const total = totals.get(scenario.name) ?? { ...row, requests: 0, non_2xx: 0, errors: 0, p99_ms: 0, slices: 0, seconds: 0 };
          total.requests += row.requests;
          total.non_2xx += row.non_2xx;
          total.errors += row.errors;
          total.p99_ms = Math.max(total.p99_ms, row.p99_ms);
          total.slices++;
          total.seconds += duration;
          totals.set(scenario.name, total);
        }
        console.log(`bench: soak: ${Math.round(elapsed())} s, RSS ${series.at(-1)?.rss_mb} MB`);
      }
    } finally {
      clearInterval(sampler);
    }
    sample();
    const soakS = Math.round(elapsed());
    if (HEAP_SNAPSHOT_DIR) snapshots.push(await heapSnapshot(pid, HEAP_SNAPSHOT_DIR));
    const average = (from: number, to: number) => {
      const inside = series.filter((s) => s.t_s >= from && s.t_s <= to);
      return inside.length ? Math.round(inside.reduce((sum, s) => sum + s.rss_mb, 0) / inside.length) : null;
    };
    const secondMinute = average(60, 120);
    const lastMinute = average(Math.max(0, soakS - 60), soakS);
    const within = secondMinute !== null && lastMinute !== null ? Math.abs(lastMinute - secondMinute) <= secondMinute * 0.1 : null;
    const under = lastMinute !== null ? lastMinute < SOAK_RSS_LIMIT_MB : null;
    const verdict = within === null || under === null ? "not measured (soak shorter than two minutes)" : within && under ? "met" : "not met";
    const scenarioTotals = [...totals.values()].map(({ slices, seconds, ...row }) => ({
      scenario: row.scenario,
      requests: row.requests,
      requests_per_s: Math.round(row.requests / seconds),
      worst_p99_ms: row.p99_ms,
      non_2xx: row.non_2xx,
      errors: row.errors,
      slices,
    }));
    report = {
      mode: "soak" as Mode,
      measured_at: new Date().toISOString(),
      machine: machine(fixtures.postgres),
      soak_s: soakS,
      slice_s: SOAK_SLICE_S,
      connections: CONNECTIONS,
      rounds,
      scenarios: scenarioTotals,
      rss_sample_interval_s: SOAK_SAMPLE_S,
      rss_series: series,
      second_minute_avg_rss_mb: secondMinute,
      last_minute_avg_rss_mb: lastMinute,
      last_within_10_percent_of_second: within,
      last_under_400_mb: under,
      goal: `last minute within 10% of the second and under ${SOAK_RSS_LIMIT_MB} MB`,
      verdict,
      ...(SERVER_NODE_OPTIONS ? { server_node_options: SERVER_NODE_OPTIONS } : {}),
      ...(snapshots.length ? { heap_snapshots: snapshots.map((file) => path.relative(ROOT, file)) } : {}),
    };
    console.table(scenarioTotals);
    console.log(`RSS every ${SOAK_SAMPLE_S} s (MB): ${series.map((s) => s.rss_mb).join(" ")}`);
    console.log(
      `second minute ${secondMinute ?? "—"} MB, last minute ${lastMinute ?? "—"} MB: within 10% ${within ?? "—"}, under ${SOAK_RSS_LIMIT_MB} MB ${under ?? "—"} → ${verdict}`,
    );
  } finally {
    await app.stop();
  }
  writeReport("latest-soak", report);
}

async function cluster(env: NodeJS.ProcessEnv, fixtures: Fixtures, bareBuild: Skipped | undefined) {
  const redisUrl = process.env.BENCH_REDIS_URL || process.env.REDIS_URL || "redis://127.0.0.1:6379";
  const nginxBin = findNginx();
  const missing = [
    !(await redisAnswers(redisUrl)) && `Redis does not answer at ${redisUrl} (set REDIS_URL)`,
    typeof nginxBin !== "string" && nginxBin.skipped,
  ].filter(Boolean);
  if (missing.length > 0 || typeof nginxBin !== "string") {
    const skipped = `skipped: ${missing.join("; ")}`;
    console.log(`bench: cluster ${skipped}`);
    writeReport("latest-cluster", { mode: "cluster", measured_at: new Date().toISOString(), skipped });
    return;
  }

  const secret = randomBytes(32).toString("base64url");
  const instances = Number(process.env.INSTANCES || os.availableParallelism());
  const basePort = await consecutiveFreePorts(instances);
  const nginxPort = await freePort();
  const proxyUrl = `http://127.0.0.1:${nginxPort}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), "fixwell-bench-cluster-"));
  // What `npm run start:cluster` runs, without npm's own process in between.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start-cluster.ts"], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: "production",
      REDIS_URL: redisUrl,
      RATE_LIMIT_STORE: "redis",
      REQUESTS_PER_USER_PER_DAY: "1000000",
      TRUSTED_IP_HEADER: "x-forwarded-for",
      NEXTAUTH_SECRET: secret,
      NEXTAUTH_URL: proxyUrl,
      MAIL_TRANSPORT: "file",
      PAYMENTS_MODE: "test",
      INSTANCES: String(instances),
      PORT: String(basePort),
      CLUSTER_HOST: "127.0.0.1",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  let proxy: Awaited<ReturnType<typeof startProxyNginx>> | undefined;
  const rss = peakRssSampler(child.pid!);
  let report;
  try {
    for (let i = 0; i < instances; i++) await waitForServer(`http://127.0.0.1:${basePort + i}/api/health`, 90_000);
    proxy = await startProxyNginx(nginxBin, { instancePorts: Array.from({ length: instances }, (_, i) => basePort + i), listenPort: nginxPort, dir });
    await waitForServer(`${proxyUrl}/api/health`, 10_000);

    const scenarios = (await appScenarios(proxyUrl, fixtures, secret)).filter((s) => s.page);
    for (const scenario of scenarios) scenario.name = `${scenario.name} via nginx + ${instances} instances`;
    const homeHtml = await (await fetch(`${proxyUrl}/`)).text();
    // One of the home page's scripts, as a browser fetches it after the page.
    const assetPath = /src="(\/_next\/static\/[^"]+\.js)"/.exec(homeHtml)?.[1];
    const assetBody = assetPath ? await (await fetch(`${proxyUrl}${assetPath}`)).text() : undefined;
    if (assetPath) scenarios.push({ name: `GET ${assetPath} (a script of the home page) via nginx + ${instances} instances`, page: assetPath, options: { url: `${proxyUrl}${assetPath}` } });
    const pages: PageServing[] = [];
    for (const scenario of scenarios) pages.push(await pageServing(scenario));
    const rows: Row[] = [];
    for (const scenario of scenarios) rows.push(await measure(scenario));
    rss.stop();

    const anchors: Record<string, Row | Skipped> = {};
    anchors.nginx_file = await nginxFileAnchor(homeHtml);
    if (assetBody !== undefined) anchors.nginx_asset_file = await nginxFileAnchor(assetBody, "anchor: nginx serving that script as a file");
    if (bareBuild) {
      anchors.bare_static = bareBuild;
    } else {
      try {
        const bare = await startBareNext(env);
        try {
          anchors.bare_static = await measure({ name: "anchor: bare Next.js, static page", options: { url: `${bare.baseUrl}/` } });
        } finally {
          await bare.stop();
        }
      } catch (error) {
        anchors.bare_static = failed(error);
      }
    }

    const ratios: Ratio[] = [];
    scenarios.forEach((scenario, index) => {
      const asset = scenario.page === assetPath;
      const prerendered = pages[index].prerendered || asset;
      const ratio = asset
        ? ratioOf(rows[index], anchors.nginx_asset_file, "nginx serving the script as a file", 0.5)
        : ratioOf(rows[index], anchors.nginx_file, "nginx serving the file", prerendered ? 0.5 : undefined);
      if (!prerendered && ratio.verdict.startsWith("no goal")) ratio.verdict = ratio.verdict.replace("no goal", "no goal (rendered per request)");
      ratios.push(ratio);
    });
    ratios.push(ratioOf(rows[0], anchors.bare_static, "bare Next.js static page (one process)", undefined));

    report = {
      mode: "cluster" as Mode,
      measured_at: new Date().toISOString(),
      machine: machine(fixtures.postgres),
      duration_s: DURATION_S,
      connections: CONNECTIONS,
      instances,
      scenarios: rows,
      pages,
      anchors,
      ratios,
      peak_cluster_rss_mb: rss.peakMb,
    };
    console.table([...rows, ...Object.values(anchors).filter((a): a is Row => !("skipped" in a))]);
    printRatios(ratios);
    console.log(`peak RSS of the cluster (every instance): ${report.peak_cluster_rss_mb} MB`);
  } finally {
    rss.stop();
    await proxy?.stop();
    await stopChild(child, { group: true, graceMs: 40_000 });
    rmSync(dir, { recursive: true, force: true });
  }
  writeReport("latest-cluster", report);
}

async function lighthouseMode(env: NodeJS.ProcessEnv, fixtures: Fixtures) {
  const secret = randomBytes(32).toString("base64url");
  const app = await startApp(env, secret);
  let report;
  try {
    const cookie = await sessionCookie(fixtures.reader, secret);
    const paths = ["/", "/job-openings", `/job-openings/${fixtures.jobId}`, "/signup"];
    const pages = [
      ...paths.map((p) => ({ name: p, url: `${app.baseUrl}${p}` })),
      { name: "/inputs (signed in)", url: `${app.baseUrl}/inputs`, cookie },
      ...paths.map((p) => ({ name: p === "/" ? "/nl" : `/nl${p}`, url: `${app.baseUrl}${p === "/" ? "/nl" : `/nl${p}`}` })),
      { name: "/nl/inputs (signed in)", url: `${app.baseUrl}/nl/inputs`, cookie },
    ];
    const rows = await runLighthouse(pages);
    console.table(
      rows.map((row) => ({
        page: row.page,
        performance: row.performance,
        total_blocking_time_ms: row.total_blocking_time_ms,
        runs: row.runs_total_blocking_time_ms.join(" "),
        largest_contentful_paint_ms: row.largest_contentful_paint_ms,
        cumulative_layout_shift: row.cumulative_layout_shift,
        verdict: row.verdict,
      })),
    );
    for (const row of rows) {
      const work = Object.entries(row.main_thread_ms).slice(0, 3).map(([kind, ms]) => `${kind} ${ms} ms`).join(", ");
      const scripts = row.longest_scripts.slice(0, 3).map(({ script, ms }) => `${script} ${ms} ms`).join(", ");
      console.log(`bench: lighthouse ${row.page}: main thread ${work}; longest scripts ${scripts}`);
    }
    report = {
      measured_at: new Date().toISOString(),
      machine: machine("PostgreSQL"),
      preset: "Lighthouse default (mobile, simulated slow 4G and 4x CPU slowdown)",
      runs_per_page: lighthouseRuns(),
      reported: "the run with the median total blocking time",
      goal: `performance >= ${LIGHTHOUSE_SCORE_GOAL} and total blocking time < ${LIGHTHOUSE_TBT_GOAL_MS} ms`,
      pages: rows,
    };
  } finally {
    await app.stop();
  }
  writeReport("latest-lighthouse", report);
}

// The register a growing market reaches, for --register.
const REGISTER_SIZE = Number(process.env.BENCH_REGISTER_SIZE ?? 20_000);
const REGISTER_SLUG = "bench-register-";

type PageBytes = { page: string; handymen: number; same_city_and_trade: number; status: number; bytes: number; gzip_bytes: number; ms: number };

/** The pages measured for one request: the confirmation, and the criteria page with each criterion's pick. */
const REGISTER_PAGES = [
  { page: "confirmation", path: (id: string) => `/inputs/criteria/arranging?input=${id}` },
  { page: "criteria", path: (id: string) => `/inputs/criteria/${id}` },
];

/** A page as the signed-in owner of the request gets it: status, bytes (raw and gzipped) and time. */
async function pageBytes(baseUrl: string, pagePath: string, cookie: string): Promise<Omit<PageBytes, "page" | "handymen" | "same_city_and_trade">> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${pagePath}`, { headers: { cookie }, redirect: "manual" });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes: body.byteLength, gzip_bytes: gzipSync(body, { level: 9 }).byteLength, ms: Math.round(performance.now() - started) };
}

/**
 * --register: the bytes of the confirmation page and the criteria page for one request (leaking pipes in
 * Rotterdam, by price) with the sample register, then with REGISTER_SIZE handymen spread evenly over every
 * city and trade. The confirmation hands the browser only the top three of the request's ranking, the
 * count and the holder's place, the criteria page the shortlist of each criterion's first three, so
 * neither grows with the market. The added handymen are deleted at the end.
 */
async function registerMode(env: NodeJS.ProcessEnv, fixtures: Fixtures, databaseUrl: string) {
  const secret = randomBytes(32).toString("base64url");
  const connection = await connect({ databaseUrl, poolMax: 1 });
  const requestId = randomUUID();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const count = async () =>
    connection.withSql(async (sql) => {
      const [row] = await sql.query<{ all: number; pair: number }>(
        `SELECT count(*)::int AS "all", count(*) FILTER (WHERE "cities" @> ARRAY['Rotterdam']::"city"[] AND "task_types" @> ARRAY['Pipe-leakage']::"task_type"[])::int AS "pair" FROM "handymen"`,
      );
      return row;
    });
  const removeAdded = () => connection.withSql((sql) => sql.query(`DELETE FROM "handymen" WHERE "slug" LIKE '${REGISTER_SLUG}%'`));
  await removeAdded();
  await connection.withSql((sql) =>
    sql.query(`INSERT INTO "inputs" (input_id, user_id, task_type, city, details, date, criteria) VALUES ($1, $2, 'Pipe-leakage', 'Rotterdam', 'Dripping pipe under the sink.', $3, 'price')`, [
      requestId,
      fixtures.reader.id,
      tomorrow,
    ]),
  );
  const app = await startApp(env, secret);
  const rows: PageBytes[] = [];
  let plan = "";
  try {
    const cookie = await sessionCookie(fixtures.reader, secret);
    const measurePage = async () => {
      const sizes = await count();
      for (const { page: name, path: pathOf } of REGISTER_PAGES) {
        await pageBytes(app.baseUrl, pathOf(requestId), cookie); // warm
        const page = await pageBytes(app.baseUrl, pathOf(requestId), cookie);
        rows.push({ page: name, handymen: sizes.all, same_city_and_trade: sizes.pair, ...page });
        console.log(`bench: ${name} page with ${sizes.all} handymen (${sizes.pair} in its city and trade): ${page.bytes} bytes, ${page.gzip_bytes} gzipped`);
      }
    };
    await measurePage();
    const { all } = await count();
    console.log(`bench: growing the register to ${REGISTER_SIZE} handymen…`);
    await connection.withSql(async (sql) => {
      await sql.exec("BEGIN");
      await sql.query(
        `INSERT INTO "handymen" ("name", "cities", "task_types", "slug", "hourly_price_cents", "rating", "base_rating", "available", "daily_capacity")
         SELECT 'Bench ' || g,
                ARRAY[(ARRAY['Amsterdam', 'The Hague', 'Rotterdam'])[1 + g % 3]]::"city"[],
                ARRAY[(ARRAY['Outlet-replacement', 'Pipe-leakage', 'Painting'])[1 + (g / 3) % 3]]::"task_type"[],
                '${REGISTER_SLUG}' || g, 2000 + (g * 37) % 8000, CASE WHEN g % 5 = 0 THEN NULL ELSE 3 + (g % 20) / 10.0 END, NULL, g % 4 <> 0, 2
           FROM generate_series(1, $1::int) AS g`,
        [Math.max(0, REGISTER_SIZE - all)],
      );
      await sql.query(
        `INSERT INTO "handyman_work_days" ("handyman_id", "weekday") SELECT h."id", d FROM "handymen" h CROSS JOIN generate_series(1, 5) AS d WHERE h."slug" LIKE '${REGISTER_SLUG}%'`,
      );
      await sql.exec("COMMIT");
      await sql.exec(`ANALYZE "handymen"`);
      await sql.exec(`ANALYZE "handyman_offerings"`);
      // The page's top three under "price" (lib/handymen/ranking.ts): read in the index's order.
      const explained = await sql.query<{ "QUERY PLAN": string }>(
        `EXPLAIN SELECT o."handyman_id" FROM "handyman_offerings" o WHERE o."city" = 'Rotterdam' AND o."task_type" = 'Pipe-leakage' ORDER BY o."hourly_price_cents", o."handyman_id" LIMIT 3`,
      );
      plan = explained.map((row) => row["QUERY PLAN"]).join("\n");
    });
    console.log(`bench: the candidates' plan:\n${plan}`);
    await measurePage();
  } finally {
    await app.stop();
    await removeAdded().catch(() => {});
    await connection.withSql((sql) => sql.query(`DELETE FROM "inputs" WHERE input_id = $1`, [requestId])).catch(() => {});
    await connection.close();
  }
  console.table(rows);
  writeReport("latest-register", {
    mode: "register",
    measured_at: new Date().toISOString(),
    machine: machine(fixtures.postgres),
    pages: "/inputs/criteria/arranging?input={id} and /inputs/criteria/{id} (leaking pipes in Rotterdam, by price), signed in as its owner",
    rows,
    candidates_plan: plan,
  });
}

async function scaleMode(env: NodeJS.ProcessEnv, databaseUrl: string, postgres: string) {
  const secret = randomBytes(32).toString("base64url");
  const cookieOf = (account: Account) => sessionCookie(account, secret);
  console.log("bench: the seeded database…");
  const seededFixtures = await prepareSeeded(databaseUrl);
  let app = await startApp(env, secret);
  let seeded;
  try {
    seeded = await measureCalls(app.baseUrl, seededFixtures, cookieOf);
  } finally {
    await app.stop();
  }
  const bigUrl = scaleDatabaseUrl(databaseUrl);
  console.log(`bench: building the marketplace-sized database ${new URL(bigUrl).pathname.slice(1)}…`);
  const market = await prepareMarket(bigUrl, (line) => console.log(line));
  console.log(`bench: built in ${market.seconds} s: ${Object.entries(market.sizes).map(([table, n]) => `${table} ${n}`).join(", ")}`);
  app = await startApp({ ...env, DATABASE_URL: bigUrl }, secret);
  let big;
  try {
    big = await measureCalls(app.baseUrl, market.fixtures, cookieOf);
  } finally {
    await app.stop();
  }
  const table = scaleTable(seeded, big);
  console.log(`\n${table}\n`);
  writeReport("latest-scale", { measured_at: new Date().toISOString(), machine: machine(postgres), market: MARKET, build_seconds: market.seconds, sizes: market.sizes, seeded, big, table });
}

async function main() {
  const args = process.argv.slice(2);
  const modes: Record<string, Mode> = { "--soak": "soak", "--cluster": "cluster", "--lighthouse": "lighthouse", "--register": "register", "--scale": "scale" };
  const unknown = args.filter((arg) => !(arg in modes));
  if (unknown.length > 0 || args.length > 1) {
    console.error("bench: usage: npm run bench [-- --soak | -- --cluster | -- --lighthouse | -- --register | -- --scale]");
    process.exit(2);
  }
  const mode: Mode = args[0] ? modes[args[0]] : "standard";
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("bench: set DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL database it may fill, e.g. postgresql://postgres@127.0.0.1:5432/fixwell_bench");
    process.exit(2);
  }
  const distDir = process.env.NEXT_DIST_DIR || ".next-bench";
  const env = { ...process.env, DATABASE_URL: databaseUrl, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" };
  const reuse = process.env.BENCH_SKIP_BUILD === "1";

  if (!reuse) {
    console.log(`bench: building the app into ${distDir}…`);
    buildApp(env);
  } else if (!existsSync(path.join(ROOT, distDir, "BUILD_ID"))) {
    throw new Error(`BENCH_SKIP_BUILD=1 but there is no build in ${distDir}`);
  }
  let bareBuild: Skipped | undefined;
  if (mode === "standard" || mode === "cluster") {
    console.log("bench: building bench/bare-next…");
    bareBuild = buildBareNext(env, reuse);
    if (bareBuild) console.log(`bench: bare Next.js ${bareBuild.skipped}`);
  }

  const fixtures = await prepareDatabase(databaseUrl);
  try {
    if (mode === "standard") await standard(env, fixtures, bareBuild, databaseUrl);
    else if (mode === "soak") await soak(env, fixtures);
    else if (mode === "lighthouse") await lighthouseMode(env, fixtures);
    else if (mode === "register") await registerMode(env, fixtures, databaseUrl);
    else if (mode === "scale") await scaleMode(env, databaseUrl, fixtures.postgres);
    else await cluster(env, fixtures, bareBuild);
  } finally {
    await fixtures.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
