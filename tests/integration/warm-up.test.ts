// The warm-up's readiness: /api/health/ready answers 503 "warming" with Retry-After until the process has
// asked its routes once and opened its database, then as before; a warm-up that hangs is cut off at its
// bound and one whose requests fail ends too, both ready and logged. The routes are asked from a real
// HTTP server in this process that records what it was asked (the app's own routes are asked by the
// multi-instance test, tests/multi-instance/cluster.test.ts).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as ready from "../../app/api/health/ready/route";
import * as live from "../../app/api/health/live/route";
import { getDb } from "../../lib/db";
import { isWarm, WARM_UP_USER_AGENT, warmUp, type WarmUpLog } from "../../lib/warm-up";

type Asked = { path: string; userAgent: string | undefined };

describe("readiness while the server warms up", () => {
  let server: http.Server;
  let origin: string;
  const asked: Asked[] = [];
  let releaseGate: () => void = () => undefined;
  let gate = Promise.resolve();

  const openDatabase = async () => (await getDb()).$queryRaw`SELECT 1`;

  function collectingLog(): WarmUpLog & { infos: string[]; warnings: string[] } {
    const infos: string[] = [];
    const warnings: string[] = [];
    return { infos, warnings, info: (message) => infos.push(message), warn: (message) => warnings.push(message) };
  }

  async function readyAnswer() {
    const response = await ready.GET();
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
  }

  beforeAll(async () => {
    // The embedded database is made and filled on first open, which takes longer than a readiness check may.
    await openDatabase();
    server = http.createServer((request, response) => {
      const path = request.url ?? "";
      asked.push({ path, userAgent: request.headers["user-agent"] });
      if (path === "/gated") {
        void gate.then(() => response.end("opened"));
      } else if (path === "/hangs") {
        // Never answers.
      } else if (path === "/fails") {
        response.statusCode = 500;
        response.end("broken");
      } else if (path === "/resets") {
        request.socket.destroy();
      } else {
        response.end("ok");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("answers ready in a process that never started a warm-up (a script, a worker)", async () => {
    expect(isWarm()).toBe(true);
    expect(await readyAnswer()).toMatchObject({ status: 200, body: { status: "ok", database: "ok" } });
  });

  it("answers 503 warming with Retry-After until every route was asked and answered, then 200; liveness throughout", async () => {
    asked.length = 0;
    gate = new Promise<void>((resolve) => {
      releaseGate = resolve;
    });
    const log = collectingLog();
    const warming = warmUp({ origin, openDatabase, paths: ["/", "/nl", "/gated", "/api/job-openings"], log });

    // While the third route has not answered.
    await expect.poll(() => asked.map((a) => a.path)).toEqual(["/", "/nl", "/gated"]);
    expect(isWarm()).toBe(false);
    expect(await readyAnswer()).toEqual({ status: 503, retryAfter: "2", body: { status: "warming" } });
    expect(live.GET().status).toBe(200);

    releaseGate();
    const report = await warming;
    expect(report).toMatchObject({ answered: 4, failures: [], late: false });
    expect(asked.map((a) => a.path)).toEqual(["/", "/nl", "/gated", "/api/job-openings"]);
    expect(new Set(asked.map((a) => a.userAgent))).toEqual(new Set([WARM_UP_USER_AGENT]));
    expect(log.infos).toEqual([expect.stringMatching(/^\[warm-up\] warm after \d+ ms: 4 of 4 routes answered$/)]);
    expect(log.warnings).toEqual([]);
    expect(await readyAnswer()).toMatchObject({ status: 200, retryAfter: null, body: { status: "ok", database: "ok" } });
  });

  it("is ready once the bound has passed when a route never answers, and says so in the log", async () => {
    const log = collectingLog();
    const startedAt = Date.now();
    const warming = warmUp({ origin, openDatabase, paths: ["/", "/hangs", "/"], boundMs: 1_000, log });
    expect((await readyAnswer()).status).toBe(503);

    const report = await warming;
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_000);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(report).toMatchObject({ answered: 1, late: true });
    expect(log.warnings).toContain("[warm-up] not finished within 1 s; ready anyway");
    expect((await readyAnswer()).status).toBe(200);
  });

  it("asks the next route after one that takes longer than a request may", async () => {
    const log = collectingLog();
    const report = await warmUp({ origin, openDatabase, paths: ["/hangs", "/"], requestTimeoutMs: 300, log });
    expect(report).toMatchObject({ answered: 1, late: false, failures: [expect.stringMatching(/^\/hangs: /)] });
    expect(log.warnings).toEqual([expect.stringMatching(/^\[warm-up\] \/hangs: /)]);
    expect(isWarm()).toBe(true);
  });

  it("is ready when routes fail or the database cannot be opened, each failure logged", async () => {
    const log = collectingLog();
    const report = await warmUp({
      origin,
      openDatabase: () => Promise.reject(new Error("connection refused")),
      paths: ["/fails", "/resets", "/"],
      log,
    });
    expect(report).toMatchObject({ answered: 1, late: false });
    expect(log.warnings).toEqual([
      "[warm-up] database: connection refused",
      "[warm-up] /fails: 500",
      expect.stringMatching(/^\[warm-up\] \/resets: /),
    ]);
    expect(log.infos).toEqual([expect.stringMatching(/: 1 of 3 routes answered$/)]);
    expect((await readyAnswer()).status).toBe(200);
  });

  it("is ready when nothing listens at the server's address", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const log = collectingLog();
    const report = await warmUp({ origin: `http://127.0.0.1:${port}`, openDatabase, paths: ["/"], log });
    expect(report).toMatchObject({ answered: 0, late: false, failures: [expect.stringMatching(/^\/: /)] });
    expect((await readyAnswer()).status).toBe(200);
  });
});
