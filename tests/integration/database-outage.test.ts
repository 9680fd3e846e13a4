// With PostgreSQL gone while the app runs, the API answers 503 with the error shape within 2 seconds,
// writes nothing half-way, and recovers by itself when the server returns.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../../lib/db/connect";
import { migrate } from "../../lib/db/migrate";
import { seed } from "../../lib/db/seed";
import { canStartThrowawayPostgres, createThrowawayPostgres, type ThrowawayPostgres } from "../helpers/throwaway-postgres";

describe.runIf(canStartThrowawayPostgres)("database outage (throwaway PostgreSQL cluster)", () => {
  let cluster: ThrowawayPostgres;
  let health: typeof import("../../app/api/health/route");

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
    cluster.stop();
    try {
      const down = await timed(() => health.GET());
      expect(down.response.status).toBe(503);
      expect(down.body).toEqual({ status: "degraded", database: "unreachable" });
      expect(down.ms).toBeLessThan(2_000);
    } finally {
      cluster.start();
    }
    const up = await timed(() => health.GET());
    expect(up.response.status).toBe(200);
    expect(up.body.database).toBe("ok");
  });
});
