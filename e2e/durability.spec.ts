// A request answered 200 is in the database afterwards, even when the server is stopped with SIGTERM
// right after; a refused request is not there at all. Runs a second `next start` of the same build with
// a database of its own, so stopping it does not disturb the other specs.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { signUp } from "./helpers/auth";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string) {
  // Readiness: started, warmed up (lib/warm-up.ts) and its database answering; within a minute.
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("second server did not start");
}

function tomorrowInAmsterdam(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

test("answered requests survive a SIGTERM right after the answer; refused ones leave nothing", async ({ browser }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const pgliteParent = process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), "fixwell-durability-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXTAUTH_URL: baseURL,
    NEXTAUTH_SECRET: process.env.E2E_NEXTAUTH_SECRET,
    ...(pgliteParent ? { PGLITE_DATA_DIR: path.join(pgliteParent, "pglite") } : {}),
  };
  let server: ChildProcess | undefined = spawn("npx", ["next", "start", "-H", "127.0.0.1", "-p", String(port)], { env, stdio: "ignore", detached: true });
  try {
    await waitForHealth(baseURL);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const { email } = await signUp(page);

    const date = tomorrowInAmsterdam();
    const good = Array.from({ length: 12 }, () => randomUUID());
    const bad = Array.from({ length: 6 }, () => randomUUID());
    const send = (inputId: string, valid: boolean) =>
      page.request
        .post("/api/inputs", {
          data: { input_id: inputId, user_email: email, task_type: "Pipe-leakage", city: valid ? "Rotterdam" : "Utrecht", details: "Drip under the sink", date, criteria: "" },
          headers: { origin: baseURL },
          timeout: 10_000,
        })
        .then((response) => ({ inputId, valid, status: response.status() }))
        .catch(() => ({ inputId, valid, status: 0 }));

    // Fire everything at once; stop the server the moment the first 200 arrives.
    const pending = [...good.map((id) => send(id, true)), ...bad.map((id) => send(id, false))];
    // (If nothing is ever answered 200, the race ends when all have settled and the checks below fail.)
    const firstOk = Promise.race([
      ...pending.map((p) => p.then((r) => (r.status === 200 ? r : new Promise<never>(() => {})))),
      Promise.all(pending),
    ]);
    await firstOk;
    // Listen before signalling: a process killed by a signal keeps exitCode null, so it cannot be polled.
    const exited = new Promise<void>((resolve) => server!.once("exit", () => resolve()));
    process.kill(-server.pid!, "SIGTERM");
    const results = await Promise.all(pending);
    await exited;
    server = undefined;
    await context.close();

    const answered = results.filter((r) => r.status === 200).map((r) => r.inputId);
    expect(results.some((r) => r.status === 200), `statuses: ${results.map((r) => r.status).join(",")}`).toBe(true);
    const refused = results.filter((r) => r.status >= 400).map((r) => r.inputId);
    expect(answered.length).toBeGreaterThan(0);
    expect(results.filter((r) => !r.valid).every((r) => r.status !== 200)).toBe(true);

    // Read back with plain drivers (the Prisma client is ESM-only and the specs run as CommonJS).
    const query = `SELECT input_id::text AS input_id FROM "inputs" WHERE input_id::text = ANY($1::text[])`;
    let stored: { input_id: string }[];
    if (pgliteParent) {
      const db = new PGlite(path.join(pgliteParent, "pglite"));
      stored = (await db.query<{ input_id: string }>(query, [[...good, ...bad]])).rows;
      await db.close();
    } else {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      stored = (await client.query<{ input_id: string }>(query, [[...good, ...bad]])).rows;
      await client.end();
    }
    const storedIds = new Set(stored.map((r) => r.input_id));
    for (const id of answered) expect(storedIds.has(id), `answered ${id} must be stored`).toBe(true);
    for (const id of refused) expect(storedIds.has(id), `refused ${id} must not be stored`).toBe(false);
    for (const id of bad) expect(storedIds.has(id)).toBe(false);
  } finally {
    if (server?.pid) process.kill(-server.pid, "SIGKILL");
    if (pgliteParent) rmSync(pgliteParent, { recursive: true, force: true });
  }
});
