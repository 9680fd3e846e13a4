// npm run bench — builds once, starts `next start` on PostgreSQL and measures five scenarios with
// autocannon (15 s each, 50 connections): requests/s, p50/p99 latency, non-2xx, peak server RSS.
// Prints a table and writes it as JSON to bench/results/. It reports; it never fails on speed.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { encode } from "next-auth/jwt";
import { connect } from "../lib/db/connect";
import { migrate } from "../lib/db/migrate";
import { seed } from "../lib/db/seed";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = path.resolve(import.meta.dirname, "..");

type Row = {
  scenario: string;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  non_2xx: number;
  errors: number;
  requests: number;
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

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

async function waitForServer(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer at ${url}`);
}

async function homePageJsGzipBytes(baseUrl: string): Promise<number> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const sources = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  let total = 0;
  for (const src of new Set(sources)) {
    const body = Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).byteLength;
  }
  const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
  return total + gzipSync(Buffer.from(inline), { level: 9 }).byteLength;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("bench: set DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL database it may fill, e.g. postgresql://postgres@127.0.0.1:5432/fixwell_bench");
    process.exit(2);
  }
  const env = { ...process.env, DATABASE_URL: databaseUrl, NEXT_TELEMETRY_DISABLED: "1" };

  if (process.env.BENCH_SKIP_BUILD !== "1") {
    console.log("bench: building…");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
    if (build.status !== 0) throw new Error("build failed");
  }

  const connection = await connect({ databaseUrl, poolMax: 2 });
  const userId = randomUUID();
  const email = `bench-${Date.now()}@fixwell.example`;
  await connection.withSql(async (sql) => {
    await migrate(sql);
    await seed(sql);
    await sql.query(`INSERT INTO "users" (id, email, password_hash) VALUES ($1, $2, 'not-a-usable-hash')`, [userId, email]);
  });
  const jobId = (await connection.withSql((sql) => sql.query<{ job_id: string }>(`SELECT job_id FROM "job_openings" ORDER BY job_id LIMIT 1`)))[0]
    .job_id;

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const secret = randomBytes(32).toString("base64url");
  const server: ChildProcess = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: root,
    env: { ...env, NODE_ENV: "production", NEXTAUTH_SECRET: secret, NEXTAUTH_URL: baseUrl },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, treeRss(server.pid!));
  }, 200);

  try {
    await waitForServer(`${baseUrl}/api/health`);
    const cookie = `next-auth.session-token=${await encode({ token: { sub: userId, email }, secret })}`;
    const jsBytes = await homePageJsGzipBytes(baseUrl);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

    const scenarios: { name: string; options: Partial<autocannon.Options> }[] = [
      { name: "GET /", options: { url: `${baseUrl}/` } },
      { name: "GET /job-openings", options: { url: `${baseUrl}/job-openings` } },
      { name: `GET /job-openings/{id}`, options: { url: `${baseUrl}/job-openings/${jobId}` } },
      { name: "GET /api/job-openings", options: { url: `${baseUrl}/api/job-openings` } },
      {
        name: "POST /api/inputs (signed in)",
        options: {
          url: `${baseUrl}/api/inputs`,
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                body: JSON.stringify({
                  input_id: randomUUID(),
                  user_email: email,
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

    const rows: Row[] = [];
    for (const scenario of scenarios) {
      // A short warm-up so first-request compilation and pool start-up are not measured.
      await run({ ...scenario.options, url: scenario.options.url!, connections: 5, duration: 2 } as autocannon.Options);
      const result = await run({ ...scenario.options, url: scenario.options.url!, connections: CONNECTIONS, duration: DURATION_S } as autocannon.Options);
      rows.push({
        scenario: scenario.name,
        requests_per_s: Math.round(result.requests.average),
        p50_ms: result.latency.p50,
        p99_ms: result.latency.p99,
        non_2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        requests: result.requests.total,
      });
      console.log(`bench: ${scenario.name} done`);
    }

    const report = {
      measured_at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model, memory_gib: Math.round(os.totalmem() / 2 ** 30), node: process.version },
      duration_s: DURATION_S,
      connections: CONNECTIONS,
      database: "PostgreSQL",
      scenarios: rows,
      peak_server_rss_mb: Math.round(peakRss / 2 ** 20),
      home_page_js_gzip_kb: Math.round(jsBytes / 102.4) / 10,
    };
    console.table(rows);
    console.log(`peak server RSS: ${report.peak_server_rss_mb} MB; home page JavaScript: ${report.home_page_js_gzip_kb} kB gzipped`);
    mkdirSync(path.join(root, "bench/results"), { recursive: true });
    const file = path.join(root, "bench/results", `${report.measured_at.replace(/[:.]/g, "-")}.json`);
    writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
    writeFileSync(path.join(root, "bench/results/latest.json"), JSON.stringify(report, null, 2) + "\n");
    console.log(`bench: wrote ${path.relative(root, file)}`);
  } finally {
    clearInterval(sampler);
    server.kill("SIGTERM");
    await connection.withSql((sql) => sql.query(`DELETE FROM "users" WHERE id = $1`, [userId])).catch(() => {});
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
