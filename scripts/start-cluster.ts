// npm run start:cluster — serves the build with one `next start` per core, on consecutive ports from
// PORT (3000): the instances a reverse proxy balances over (deploy/nginx.conf). INSTANCES overrides
// the count, CLUSTER_HOST the address they listen on (127.0.0.1 by default: only the proxy reaches them).
//
// Several instances must share one truth, so more than one needs PostgreSQL (DATABASE_URL; the embedded
// database belongs to one process), Redis (REDIS_URL: Next.js's cache) and shared attempt counters
// (RATE_LIMIT_STORE=redis or postgres). Sessions need nothing more: every instance reads the same
// NEXTAUTH_SECRET. The job queue runs each job once however many instances work it. With PAYMENTS_MODE=test
// and no provider, the cluster runs one payments stand-in for all its instances.
//
// Each instance warms itself as it starts (lib/warm-up.ts); the cluster logs "instance N ready" once its
// /api/health/ready answers 200, which is what a deploy script waits for before it gives the instance
// traffic (docs/operations.md, "Health"). An instance that exits on its own is started again (after a
// crash loop of five quick exits, the cluster stops). SIGTERM or SIGINT stops every instance gracefully, then the cluster exits: 0 when
// all of them stopped cleanly.
import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { clusterProblem, SERVER_KEEP_ALIVE_TIMEOUT_MS, serverNodeOptions } from "../lib/cluster";
import { parseEnv } from "../lib/env";
import { startStandInBeside } from "../lib/payments/stand-in/beside";

const STOP_GRACE_MS = 30_000;
const RESTART_DELAY_MS = 1_000;
const QUICK_EXIT_MS = 10_000;
const MAX_QUICK_EXITS = 5;
// Longer than an instance's warm-up may take (WARM_UP_BOUND_MS, 60 s) plus its start.
const READY_WAIT_MS = 90_000;
const READY_POLL_MS = 250;

type Instance = { index: number; port: number; child?: ChildProcess; startedAt: number; quickExits: number };

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65_535) {
    throw new Error(`${name} must be a whole number from 1 to 65535, not "${raw}"`);
  }
  return value;
}

async function main() {
  const count = positiveInteger("INSTANCES", availableParallelism());
  const basePort = positiveInteger("PORT", 3000);
  const host = process.env.CLUSTER_HOST || "127.0.0.1";
  // The checks `next start` makes, once, before any instance starts.
  const env = parseEnv(process.env, { requireSecret: true, generateSecret: false });
  const problem = clusterProblem(env, count);
  if (problem) throw new Error(`cannot start ${count} instances: ${problem}`);
  if (basePort + count - 1 > 65_535) throw new Error(`PORT ${basePort} leaves no room for ${count} instances`);

  // PAYMENTS_MODE=test without a provider: one stand-in for every instance (each would otherwise start
  // its own, and a payment made through one would be unknown to the others). Its address goes to them.
  const standIn = await startStandInBeside(process.env);

  const nodeOptions = serverNodeOptions(process.env);
  const nextBin = path.join(path.dirname(require.resolve("next/package.json")), "dist", "bin", "next");
  const instances: Instance[] = Array.from({ length: count }, (_, index) => ({ index: index + 1, port: basePort + index, startedAt: 0, quickExits: 0 }));
  let stopping = false;
  let exitCode = 0;
  let forceTimer: NodeJS.Timeout | undefined;

  const log = (message: string) => console.log(`[cluster] ${message}`);
  // The address the instances are asked at: a wildcard address is reached over loopback.
  const askHost = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") ? `[${host}]` : host;

  /** Logs when the instance started as `child` first answers ready, or that it did not within READY_WAIT_MS. */
  async function reportReady(instance: Instance, child: ChildProcess) {
    const url = `http://${askHost}:${instance.port}/api/health/ready`;
    const startedAt = Date.now();
    while (instance.child === child && !stopping) {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.status === 200) {
          log(`instance ${instance.index} ready on ${host}:${instance.port} after ${Date.now() - startedAt} ms`);
          return;
        }
      } catch {
        // not listening yet
      }
      if (Date.now() - startedAt > READY_WAIT_MS) {
        log(`instance ${instance.index} not ready within ${READY_WAIT_MS / 1000} s (see its log); /api/health/ready keeps telling`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
  }

  function start(instance: Instance) {
    const child = spawn(process.execPath, [nextBin, "start", "-H", host, "-p", String(instance.port), "--keepAliveTimeout", String(SERVER_KEEP_ALIVE_TIMEOUT_MS)], {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PORT: String(instance.port), NODE_OPTIONS: nodeOptions },
      stdio: ["ignore", "pipe", "pipe"],
    });
    instance.child = child;
    instance.startedAt = Date.now();
    log(`instance ${instance.index} starting on ${host}:${instance.port} (pid ${child.pid})`);
    void reportReady(instance, child);
    for (const [stream, write] of [
      [child.stdout, (line: string) => console.log(line)],
      [child.stderr, (line: string) => console.error(line)],
    ] as const) {
      createInterface({ input: stream }).on("line", (line) => write(`[${instance.index}] ${line}`));
    }
    child.on("exit", (code, signal) => {
      instance.child = undefined;
      if (stopping) {
        // `next start` answers SIGTERM by closing its server and exiting with 143 (128 + SIGTERM).
        if (code !== 0 && code !== 143 && signal !== "SIGTERM") exitCode = 1;
        log(`instance ${instance.index} stopped (${signal ?? `exit ${code}`})`);
        if (instances.every((i) => !i.child)) finish();
        return;
      }
      instance.quickExits = Date.now() - instance.startedAt < QUICK_EXIT_MS ? instance.quickExits + 1 : 0;
      if (instance.quickExits >= MAX_QUICK_EXITS) {
        log(`instance ${instance.index} exited ${MAX_QUICK_EXITS} times right after starting; stopping the cluster`);
        exitCode = 1;
        stop();
        return;
      }
      log(`instance ${instance.index} exited (${signal ?? `exit ${code}`}); starting it again`);
      setTimeout(() => {
        if (!stopping) start(instance);
      }, RESTART_DELAY_MS).unref();
    });
  }

  function stop() {
    if (stopping) return;
    stopping = true;
    log("stopping every instance");
    for (const instance of instances) instance.child?.kill("SIGTERM");
    forceTimer = setTimeout(() => {
      for (const instance of instances) {
        if (instance.child) {
          log(`instance ${instance.index} did not stop within ${STOP_GRACE_MS / 1000} s; killing it`);
          exitCode = 1;
          instance.child.kill("SIGKILL");
        }
      }
    }, STOP_GRACE_MS);
    if (instances.every((i) => !i.child)) finish();
  }

  function finish() {
    clearTimeout(forceTimer);
    void (standIn ? standIn.close() : Promise.resolve()).finally(() => process.exit(exitCode));
  }

  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  for (const instance of instances) start(instance);
}

main().catch((error: unknown) => {
  console.error(`start:cluster: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
