// What `npm run bench` measures the app against, each only when it is installed: nginx serving a file,
// a bare Next.js app of the same version (bench/bare-next), and pgbench inserting the row
// `POST /api/inputs` inserts. Each either measures or says why it was skipped.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import net from "node:net";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { connect } from "../lib/db/connect";
import { migrate } from "../lib/db/migrate";
import { findNginx as findNginxBinary, runNginx } from "../tests/helpers/nginx";
import { consecutiveFreePorts, freePort } from "../tests/helpers/ports";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const NEXT_BIN = path.join(ROOT, "node_modules/.bin/next");
export const BARE_DIR = path.join(ROOT, "bench/bare-next");

export type Skipped = { skipped: string };

export { consecutiveFreePorts, freePort };

export async function waitForServer(url: string, timeoutMs = 60_000, init?: RequestInit): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, init);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`nothing answered at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Stops a child process with SIGTERM and waits for it to exit; after `graceMs` it is killed, with its
 * whole process group when `group` is set (a child spawned `detached`, which leads its own group).
 */
export async function stopChild(child: ChildProcess, { group = false, graceMs = 15_000 } = {}): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => {
    try {
      if (group) process.kill(-child.pid!, "SIGKILL");
      else child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

/** Runs `build` and puts `file` back as it was: `next build` rewrites a tsconfig.json it would change. */
function keepingFile<T>(file: string, build: () => T): T {
  const before = existsSync(file) ? readFileSync(file, "utf8") : undefined;
  try {
    return build();
  } finally {
    if (before !== undefined && readFileSync(file, "utf8") !== before) writeFileSync(file, before);
  }
}

/** `npm run build` of the app into `distDir`. */
export function buildApp(env: NodeJS.ProcessEnv): void {
  const build = keepingFile(path.join(ROOT, "tsconfig.json"), () =>
    spawnSync("npm", ["run", "build"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] }),
  );
  if (build.status !== 0) throw new Error("npm run build failed");
}

// ---------------------------------------------------------------------------------------------------
// nginx serving a file

/** The nginx binary (tests/helpers/nginx.ts), or why there is none. */
export function findNginx(): string | Skipped {
  return findNginxBinary() ?? { skipped: "nginx is not installed (set NGINX_BIN to an existing binary, or install Debian's nginx package)" };
}

export type StaticNginx = { url: string; stop(): Promise<void> };

/**
 * nginx serving `html` as / from a temporary folder, with a minimal configuration of its own: one
 * worker (as in the cluster's configuration), no access log, keep-alive without a request limit.
 */
export async function startStaticNginx(nginxBin: string, html: string): Promise<StaticNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), "fixwell-bench-nginx-"));
  mkdirSync(path.join(dir, "www"));
  writeFileSync(path.join(dir, "www/index.html"), html);
  const port = await freePort();
  const nginx = runNginx(nginxBin, dir, {
    workerConnections: 1024,
    accessLog: false,
    http: [
      "keepalive_requests 1000000;",
      "server {",
      `  listen 127.0.0.1:${port};`,
      `  root ${path.join(dir, "www")};`,
      '  default_type "text/html; charset=utf-8";',
      "  location / { index index.html; }",
      "}",
    ],
  });
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => {
    await nginx.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForServer(url, 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

// ---------------------------------------------------------------------------------------------------
// The bare Next.js app

/** The environment without the app's NEXT_DIST_DIR (the bare app builds into its own .next). */
function withoutDistDir(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const rest = { ...env };
  delete rest.NEXT_DIST_DIR;
  return rest;
}

/** Builds bench/bare-next with the project's `next` unless a build is there and `reuse` is set; or why it cannot. */
export function buildBareNext(env: NodeJS.ProcessEnv, reuse: boolean): Skipped | undefined {
  if (!existsSync(path.join(BARE_DIR, "app"))) return { skipped: "bench/bare-next/app is missing" };
  if (!existsSync(NEXT_BIN)) return { skipped: "next is not installed (npm install)" };
  if (reuse && existsSync(path.join(BARE_DIR, ".next/BUILD_ID"))) return undefined;
  const rest = withoutDistDir(env);
  const build = keepingFile(path.join(BARE_DIR, "tsconfig.json"), () =>
    spawnSync(NEXT_BIN, ["build", "--webpack", path.relative(ROOT, BARE_DIR)], {
      cwd: ROOT,
      env: { ...rest, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
      encoding: "utf8",
    }),
  );
  if (build.status !== 0) {
    const lines = `${build.stdout}\n${build.stderr}`.split("\n").filter((line) => /error/i.test(line) && !/^\s*at /.test(line));
    const tail = lines.slice(0, 3).join(" / ") || "see its output";
    return { skipped: `next build bench/bare-next failed: ${tail}` };
  }
  return undefined;
}

export type BareNext = { baseUrl: string; child: ChildProcess; stop(): Promise<void> };

/** `next start bench/bare-next` on a free port. */
export async function startBareNext(env: NodeJS.ProcessEnv): Promise<BareNext> {
  const port = await freePort();
  const rest = withoutDistDir(env);
  const child = spawn(NEXT_BIN, ["start", path.relative(ROOT, BARE_DIR), "-H", "127.0.0.1", "-p", String(port)], {
    cwd: ROOT,
    env: { ...rest, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${baseUrl}/api/ping`);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { baseUrl, child, stop: () => stopChild(child) };
}

// ---------------------------------------------------------------------------------------------------
// pgbench

/** PGBENCH_BIN, pgbench on PATH, or the newest /usr/lib/postgresql/<version>/bin/pgbench; or why there is none. */
export function findPgbench(): string | Skipped {
  if (process.env.PGBENCH_BIN) return existsSync(process.env.PGBENCH_BIN) ? process.env.PGBENCH_BIN : { skipped: `PGBENCH_BIN ${process.env.PGBENCH_BIN} does not exist` };
  const which = spawnSync("sh", ["-c", "command -v pgbench"], { encoding: "utf8" });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = path.join(base, version, "bin/pgbench");
    if (existsSync(candidate)) return candidate;
  }
  return { skipped: "pgbench is not installed (set PGBENCH_BIN, or install postgresql-client / postgresql-contrib)" };
}

export type PgbenchResult = {
  transactions_per_s: number;
  latency_avg_ms: number;
  transactions: number;
  failed: number;
  clients: number;
  threads: number;
  duration_s: number;
};

/**
 * pgbench inserting, at 50 clients on 2 threads for `durationS`, the row `POST /api/inputs` inserts (the
 * same columns, values and RETURNING list as the app's insert, as prepared statements), into a
 * throwaway database migrated like the app's, which is dropped afterwards.
 */
export async function pgbenchInsert(pgbenchBin: string, databaseUrl: string, durationS: number): Promise<PgbenchResult> {
  const admin = new URL(databaseUrl);
  admin.pathname = "/postgres";
  const name = `fixwell_bench_pgbench_${Date.now()}`;
  const target = new URL(databaseUrl);
  target.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const dir = mkdtempSync(path.join(tmpdir(), "fixwell-bench-pgbench-"));
  try {
    await client.query(`CREATE DATABASE "${name}"`);
    const userId = randomUUID();
    const connection = await connect({ databaseUrl: target.toString(), poolMax: 1 });
    try {
      await connection.withSql(async (sql) => {
        await migrate(sql);
        await sql.query(`INSERT INTO "users" (id, email, password_hash, email_verified_at) VALUES ($1, 'pgbench@fixwell.example', 'not-a-usable-hash', now())`, [userId]);
      });
    } finally {
      await connection.close();
    }
    const script = path.join(dir, "insert-input.sql");
    writeFileSync(
      script,
      `INSERT INTO "inputs" ("input_id", "user_id", "task_type", "city", "details", "date", "criteria") ` +
        `VALUES (gen_random_uuid(), '${userId}', 'Pipe-leakage', 'Rotterdam', 'Dripping pipe under the kitchen sink.', CURRENT_DATE + 1, NULL) ` +
        `RETURNING "input_id", "user_id", "task_type", "city", "details", "date", "criteria", "created_at", "state", "proposed_date";\n`,
    );
    const clients = 50;
    const threads = 2;
    const run = spawnSync(pgbenchBin, ["-n", "-M", "prepared", "-c", String(clients), "-j", String(threads), "-T", String(durationS), "-f", script, target.toString()], {
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(`pgbench failed: ${(run.stderr || run.stdout).trim().split("\n").slice(-3).join(" / ")}`);
    const number = (pattern: RegExp) => Number(pattern.exec(run.stdout)?.[1] ?? NaN);
    return {
      transactions_per_s: Math.round(number(/tps = ([\d.]+) \(without initial connection time\)/)),
      latency_avg_ms: number(/latency average = ([\d.]+) ms/),
      transactions: number(/number of transactions actually processed: (\d+)/),
      failed: number(/number of failed transactions: (\d+)/) || 0,
      clients,
      threads,
      duration_s: durationS,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// Redis

/** Whether a Redis server answers PING at `url` within two seconds. */
export function redisAnswers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      resolve(false);
      return;
    }
    const socket = net.connect({ host: parsed.hostname || "127.0.0.1", port: Number(parsed.port || 6379) });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => {
      // Without a password; a server that wants one answers -NOAUTH, which still says it is there.
      socket.write("PING\r\n");
    });
    socket.on("data", (data) => done(/^(\+PONG|-NOAUTH)/.test(data.toString())));
  });
}

// ---------------------------------------------------------------------------------------------------
// The database work of GET /api/inputs/{email}, without Next.js

export type ReadsResult = { client: string; requests_per_s: number; requests: number };

/**
 * What `GET /api/inputs/{email}` asks the database, with nothing of Next.js around it: the session check
 * (the account with an EXISTS on its live session, as lib/auth/sessions.ts asks it) and the reader's
 * requests, newest first (lib/requests/queries.ts), 50 at a time in this process for `durationS`,
 * once through the app's Prisma client and once through node-postgres with the same SQL. The route
 * cannot answer faster than its client can ask.
 */
export async function inputsReadsAnchor(
  databaseUrl: string,
  reader: { id: string; sessionId: string },
  durationS: number,
  connections = 50,
): Promise<ReadsResult[]> {
  const connection = await connect({ databaseUrl, poolMax: 10 });
  try {
    const db = connection.prisma;
    const pool = connection.pgPool!;
    const clients: Record<string, () => Promise<unknown>> = {
      "Prisma (the app's client)": async () => {
        await db.user.findFirst({
          where: { id: reader.id, sessions: { some: { id: reader.sessionId, revokedAt: null } } },
          select: { id: true, email: true, sessionVersion: true, role: true },
        });
        await db.repairRequest.findMany({ where: { userId: reader.id }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
      },
      "node-postgres (the same two statements)": async () => {
        await pool.query(
          `SELECT u.id, u.email, u.session_version, u.role FROM users u WHERE u.id = $1 AND EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.id = $2 AND s.revoked_at IS NULL)`,
          [reader.id, reader.sessionId],
        );
        await pool.query(`SELECT * FROM inputs WHERE user_id = $1 ORDER BY created_at DESC, input_id`, [reader.id]);
      },
      // The route's reads one by one (issue 36): the session check alone (which the server's liveness
      // cache answers from memory while it holds the session), and the list of requests alone, through
      // Prisma's query, Prisma's raw path, and the driver's pool as a prepared (named) statement.
      "Prisma: the session check alone": () =>
        db.user.findFirst({
          where: { id: reader.id, sessions: { some: { id: reader.sessionId, revokedAt: null } } },
          select: { id: true, email: true, sessionVersion: true, role: true },
        }),
      "Prisma: the list alone": () => db.repairRequest.findMany({ where: { userId: reader.id }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] }),
      "Prisma $queryRaw: the list alone": () => db.$queryRaw`SELECT * FROM inputs WHERE user_id = ${reader.id}::uuid ORDER BY created_at DESC, input_id`,
      "node-postgres prepared statement: the list alone": () =>
        pool.query({ name: "bench-inputs-list", text: `SELECT * FROM inputs WHERE user_id = $1 ORDER BY created_at DESC, input_id`, values: [reader.id] }),
    };
    const results: ReadsResult[] = [];
    for (const [client, run] of Object.entries(clients)) {
      await run();
      const end = Date.now() + durationS * 1000;
      let done = 0;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (Date.now() < end) {
            await run();
            done++;
          }
        }),
      );
      results.push({ client, requests_per_s: Math.round(done / durationS), requests: done });
    }
    return results;
  } finally {
    await connection.close();
  }
}
