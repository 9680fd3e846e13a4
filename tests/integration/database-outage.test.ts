// With PostgreSQL gone while the app runs, the API answers 503 with the error shape within 2 seconds,
// writes nothing half-way, and recovers by itself when the server returns. Sign-ins tried meanwhile
// are given back: they use up nobody's allowance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../../lib/db/connect";
import { migrate } from "../../lib/db/migrate";
import { seed } from "../../lib/sample-data";
import { amsterdamDay, apiRequest, createSignedInUser, createUserWithPassword, routeContext, type TestUser } from "../helpers/session";
import { canStartThrowawayPostgres, createThrowawayPostgres, type ThrowawayPostgres } from "../helpers/throwaway-postgres";

describe.runIf(canStartThrowawayPostgres)("database outage (throwaway PostgreSQL cluster)", () => {
  let cluster: ThrowawayPostgres;
  let health: typeof import("../../app/api/health/route");
  let jobOpenings: typeof import("../../app/api/job-openings/route");
  let jobOpening: typeof import("../../app/api/job-openings/[jobId]/route");
  let inputs: typeof import("../../app/api/inputs/route");
  let inputsByKey: typeof import("../../app/api/inputs/[key]/route");
  let user: TestUser;

  beforeAll(async () => {
    cluster = await createThrowawayPostgres();
    const setup = await connect({ databaseUrl: cluster.url, poolMax: 1 });
    await setup.withSql(async (sql) => {
      await migrate(sql);
      await seed(sql);
    });
    await setup.close();
    process.env.DATABASE_URL = cluster.url;
    health = await import("../../app/api/health/route");
    jobOpenings = await import("../../app/api/job-openings/route");
    jobOpening = await import("../../app/api/job-openings/[jobId]/route");
    inputs = await import("../../app/api/inputs/route");
    inputsByKey = await import("../../app/api/inputs/[key]/route");
    user = await createSignedInUser("outage@example.test");
  }, 120_000);

  afterAll(() => {
    cluster?.destroy();
  });

  async function timed(fn: () => Promise<Response>) {
    const started = performance.now();
    const response = await fn();
    return { response, ms: performance.now() - started, body: await response.json() };
  }

  it("reports the database as ok while it runs", async () => {
    const { response, body } = await timed(() => health.GET());
    expect(response.status).toBe(200);
    expect(body).toEqual({ status: "ok", database: "ok" });
  });

  it("answers 503 within 2 seconds while the database is stopped, then recovers without a restart", async () => {
    const inputId = "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a";
    const newRequest = () =>
      inputs.POST(
        apiRequest("POST", "/api/inputs", {
          cookie: user.cookie,
          body: { input_id: inputId, user_email: user.email, task_type: "Painting", city: "Rotterdam", details: "Hallway", date: amsterdamDay(1), criteria: "" },
        }),
        routeContext(),
      );
    const calls: [string, () => Promise<Response>][] = [
      ["GET /api/job-openings", () => jobOpenings.GET(apiRequest("GET", "/api/job-openings"), routeContext())],
      ["GET /api/job-openings/{id}", () => jobOpening.GET(apiRequest("GET", "/api/job-openings/platform-engineer"), routeContext({ jobId: "platform-engineer" }))],
      ["GET /api/inputs/{email}", () => inputsByKey.GET(apiRequest("GET", `/api/inputs/${user.email}`, { cookie: user.cookie }), routeContext({ key: user.email }))],
      ["POST /api/inputs", newRequest],
    ];

    cluster.stop();
    try {
      const down = await timed(() => health.GET());
      expect(down.response.status).toBe(503);
      expect(down.body).toEqual({ status: "degraded", database: "unreachable" });
      expect(down.ms).toBeLessThan(2_000);
      for (const [name, run] of calls) {
        const result = await timed(run);
        expect(result.response.status, name).toBe(503);
        expect(result.body.error.code, name).toBe("database_unavailable");
        expect(result.ms, name).toBeLessThan(2_000);
      }
    } finally {
      cluster.start();
    }

    const up = await timed(() => health.GET());
    expect(up.response.status).toBe(200);
    expect(up.body.database).toBe("ok");
    // The request refused during the outage left nothing behind…
    const list = await timed(() => calls[2][1]());
    expect(list.response.status).toBe(200);
    expect(list.body).toEqual([]);
    // …and the same request goes through once the database is back.
    const retried = await timed(newRequest);
    expect(retried.response.status).toBe(200);
    expect(retried.body.rows[0].input_id).toBe(inputId);
  });

  it("gives back the sign-ins tried while the database was gone, so the right password works at once when it returns", async () => {
    const { attemptSignIn } = await import("../../lib/auth/sign-in");
    const { createAuthLimiters, SIGN_IN_PER_ACCOUNT_AND_IP } = await import("../../lib/auth/limits");
    const password = "outage-proof-password-1";
    const email = "locked-out@example.test";
    await createUserWithPassword(email, password);
    // Counting in memory (as with Redis up and PostgreSQL gone), and counting in PostgreSQL itself (its
    // store unreachable too, so rate-limiter-flexible counts in its insurance).
    for (const store of ["memory", "postgres"] as const) {
      const limiters = createAuthLimiters(store);
      const ip = store === "memory" ? "203.0.113.61" : "203.0.113.62";
      expect((await attemptSignIn({ email, password, remember: "false" }, { ip, limiters })).kind, store).toBe("ok");
      cluster.stop();
      try {
        for (let attempt = 0; attempt < SIGN_IN_PER_ACCOUNT_AND_IP.points + 5; attempt += 1) {
          expect((await attemptSignIn({ email, password, remember: "false" }, { ip, limiters })).kind, `${store} #${attempt}`).toBe("unavailable");
        }
      } finally {
        cluster.start();
      }
      expect((await attemptSignIn({ email, password, remember: "false" }, { ip, limiters })).kind, store).toBe("ok");
      // Wrong passwords still count as before: ten, then the eleventh try is refused.
      for (let attempt = 0; attempt < SIGN_IN_PER_ACCOUNT_AND_IP.points; attempt += 1) {
        expect((await attemptSignIn({ email, password: "not-the-password", remember: "false" }, { ip, limiters })).kind, `${store} wrong #${attempt}`).toBe("invalid");
      }
      expect((await attemptSignIn({ email, password, remember: "false" }, { ip, limiters })).kind, store).toBe("rate_limited");
    }
  }, 120_000);
});
