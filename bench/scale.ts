// npm run bench -- --scale: the pages and calls of issue 25 on the seeded database and on a
// marketplace-sized one, side by side. The big database is built beside the bench's own (its name + "_scale")
// with generate_series: 20,000 handymen, 200,000 homeowners, 1,000,000 requests with their offers,
// 3,000,000 events and 200,000 audit entries (BENCH_SCALE=0.1 builds a tenth of it). Each page or call is
// asked sequentially, BENCH_SCALE_WARMUP times to warm up and then BENCH_SCALE_SAMPLES times (default 3 and
// 15); the median time and the bytes of the answer are printed for both databases with the growth.
// BENCH_SCALE_KEEP=1 keeps a big database already built (same size) instead of building it again; it is
// migrated to the current schema first.
import { randomUUID } from "node:crypto";
import { connect } from "../lib/db/connect";
import { migrate } from "../lib/db/migrate";
import { seed } from "../lib/sample-data";
import type { SqlClient } from "../lib/db/sql-client";

const SAMPLES = Math.max(15, Number(process.env.BENCH_SCALE_SAMPLES ?? 15));
const WARMUP = Number(process.env.BENCH_SCALE_WARMUP ?? 3);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);

/** The marketplace's size at BENCH_SCALE=1. */
export const MARKET = {
  handymen: Math.round(20_000 * SCALE),
  homeowners: Math.round(200_000 * SCALE),
  requests: Math.round(1_000_000 * SCALE),
  eventsPerRequest: 3,
  audit: Math.round(200_000 * SCALE),
  /** Past jobs of the handyman whose /pro is measured. */
  proJobs: 2_000,
};

export type ScaleAccount = { id: string; email: string; sessionId: string };

export type ScaleFixtures = {
  operator: ScaleAccount;
  owner: ScaleAccount;
  pro: ScaleAccount;
  /** Submitted requests of the owner, one for each POST /api/inputs/{id}/criteria. */
  fresh: string[];
  city: string;
  taskType: string;
};

/** The same database server, another database: `<name>_scale`. */
export function scaleDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `${url.pathname.replace(/^\//, "")}_scale`.replace(/^/, "/");
  return url.toString();
}

// ---------------------------------------------------------------------------------------------------
// The handymen: kept apart, as their table is the one most likely to change (issue 23 made cities and
// trades arrays, with work days). Handyman i serves one city and one trade, every weekday.
const handymenSql = (count: number) => `
INSERT INTO "handymen" ("name", "hourly_price_cents", "base_rating", "rating", "cities", "task_types", "slug", "daily_capacity")
SELECT 'Scale Pro ' || g, 2500 + (g * 37) % 6000, 3.5 + (g % 16) / 10.0, 3.5 + (g % 16) / 10.0,
       ARRAY[(enum_range(NULL::"city"))[1 + g % 3]], ARRAY[(enum_range(NULL::"task_type"))[1 + (g / 3) % 3]],
       'scale-pro-' || g, 2
  FROM generate_series(1, ${count}) AS g;
INSERT INTO "handyman_work_days" ("handyman_id", "weekday")
SELECT h."id", d FROM "handymen" h CROSS JOIN generate_series(1, 5) AS d WHERE h."slug" LIKE 'scale-pro-%';
`;

type MarketValues = { homeowners: number; requests: number; audit: number; pro: number; first: number; handymen: number; operator: string };

/** The rest of the market, in the order the keys need (numbers and a generated uuid written into the SQL). */
const marketSql = (v: MarketValues) => [
  `INSERT INTO "users" ("id", "email", "password_hash", "created_at", "email_verified_at")
   SELECT md5('u' || g)::uuid, 'owner-' || g || '@scale.example', 'not-a-usable-hash', now() - (g % 700) * interval '1 day', now()
     FROM generate_series(1, ${v.homeowners}) AS g`,
  `INSERT INTO "inputs" ("input_id", "user_id", "task_type", "city", "details", "date", "criteria", "created_at", "state")
   SELECT md5('r' || g)::uuid, md5('u' || (1 + g % ${v.homeowners}))::uuid,
          (enum_range(NULL::"task_type"))[1 + (g / 3) % 3], (enum_range(NULL::"city"))[1 + g % 3],
          'Scale request ' || g || ': two walls of the living room and the hallway ceiling.',
          (now() - (g * interval '30 seconds') + interval '3 days')::date, 'price',
          now() - (g * interval '30 seconds'),
          (ARRAY['done','reviewed','done','cancelled','expired','unmatched','accepted','offered','submitted','done']::"request_state"[])[1 + g % 10]
     FROM generate_series(1, ${v.requests}) AS g`,
  // One offer per request that reached a handyman; every 500th request went to the measured pro.
  `INSERT INTO "offers" ("id", "request_id", "handyman_id", "status", "created_at", "expires_at", "answered_at")
   SELECT md5('o' || g)::uuid, md5('r' || g)::uuid,
          CASE WHEN g % 500 = 0 THEN ${v.pro} ELSE ${v.first} + (g % ${v.handymen}) END,
          (CASE s WHEN 'offered' THEN 'open' WHEN 'cancelled' THEN 'withdrawn' WHEN 'expired' THEN 'expired' ELSE 'accepted' END)::"offer_status",
          now() - (g * interval '30 seconds') + interval '1 minute',
          CASE WHEN s = 'offered' THEN now() + interval '1 day' ELSE now() - (g * interval '30 seconds') + interval '1 day' END,
          CASE WHEN s IN ('offered') THEN NULL ELSE now() - (g * interval '30 seconds') + interval '2 hours' END
     FROM (SELECT g, (ARRAY['done','reviewed','done','cancelled','expired','unmatched','accepted','offered','submitted','done'])[1 + g % 10] AS s
             FROM generate_series(1, ${v.requests}) AS g) AS r
    WHERE s NOT IN ('submitted', 'unmatched')`,
  `INSERT INTO "request_events" ("request_id", "at", "actor_user_id", "actor_role", "action", "from_state", "to_state", "note")
   SELECT md5('r' || (1 + (e - 1) / 3))::uuid, now() - ((1 + (e - 1) / 3) * interval '30 seconds') + ((e - 1) % 3) * interval '1 minute',
          NULL, 'system', (ARRAY['submit','offer','accept'])[1 + (e - 1) % 3],
          (ARRAY['submitted','submitted','offered']::"request_state"[])[1 + (e - 1) % 3],
          (ARRAY['submitted','offered','accepted']::"request_state"[])[1 + (e - 1) % 3], ''
     FROM generate_series(1, ${v.requests} * 3) AS e`,
  `INSERT INTO "reviews" ("id", "request_id", "handyman_id", "stars", "text", "created_at")
   SELECT md5('v' || g)::uuid, md5('r' || g)::uuid, CASE WHEN g % 500 = 0 THEN ${v.pro} ELSE ${v.first} + (g % ${v.handymen}) END,
          1 + g % 5, 'Tidy work, on time.', now() - (g * interval '30 seconds') + interval '3 days'
     FROM generate_series(1, ${v.requests}) AS g WHERE g % 10 = 1`,
  // Three in four entries are price changes; one in four an operator reading a homeowner's address (it names them).
  `INSERT INTO "audit_log" ("created_at", "actor_id", "action", "target_type", "target_id", "before", "after")
   SELECT now() - (g * interval '2 minutes'), '${v.operator}'::uuid, 'edit_handyman', 'handyman', (${v.first} + g % ${v.handymen})::text,
          jsonb_build_object('hourlyPrice', 40), jsonb_build_object('hourlyPrice', 45)
     FROM generate_series(1, ${v.audit}) AS g WHERE g % 4 <> 0
   UNION ALL
   SELECT now() - (g * interval '2 minutes'), '${v.operator}'::uuid, 'view_homeowner_email', 'request', md5('r' || g)::uuid::text,
          NULL, jsonb_build_object('homeownerId', md5('u' || (1 + g % ${v.homeowners}))::uuid::text)
     FROM generate_series(1, ${v.audit}) AS g WHERE g % 4 = 0`,
];

/** The operator, the homeowner and the handyman whose pages are measured, in either database. */
async function addAccounts(sql: SqlClient, proHandymanId: number): Promise<ScaleFixtures> {
  const account = (role: string): ScaleAccount => ({ id: randomUUID(), email: `scale-${role}-${Date.now()}@fixwell.example`, sessionId: randomUUID() });
  const operator = account("operator");
  const owner = account("owner");
  const pro = account("pro");
  for (const [user, role] of [[operator, "operator"], [owner, "homeowner"], [pro, "handyman"]] as const) {
    await sql.query(`INSERT INTO "users" (id, email, password_hash, email_verified_at, role) VALUES ($1, $2, 'not-a-usable-hash', now(), $3::"user_role")`, [user.id, user.email, role]);
    await sql.query(`INSERT INTO "sessions" (id, user_id, remember) VALUES ($1, $2, true)`, [user.sessionId, user.id]);
  }
  await sql.query(`UPDATE "handymen" SET "user_id" = $1 WHERE "id" = $2`, [pro.id, proHandymanId]);
  // The homeowner's own past: 30 requests, as on the seeded database (the homeowner's side does not grow with the market).
  await sql.query(
    `INSERT INTO "inputs" (input_id, user_id, task_type, city, details, date, created_at, state)
     SELECT gen_random_uuid(), $1, 'Painting', 'Amsterdam', 'Two walls of the living room.', current_date + 3, now() - g * interval '1 day', 'done'
       FROM generate_series(1, 30) AS g`,
    [owner.id],
  );
  const fresh: string[] = [];
  for (let i = 0; i < WARMUP + SAMPLES + 2; i++) {
    const id = randomUUID();
    fresh.push(id);
    await sql.query(`INSERT INTO "inputs" (input_id, user_id, task_type, city, details, date) VALUES ($1, $2, 'Pipe-leakage', 'Rotterdam', 'Dripping pipe under the sink.', current_date + 3)`, [id, owner.id]);
  }
  return { operator, owner, pro, fresh, city: "Rotterdam", taskType: "Pipe-leakage" };
}

/**
 * More than a page of everything the measured pages list, on the seeded database: the handyman's jobs done,
 * offers waiting and reviews; painted requests in the filtered months; audit entries. Both databases then
 * answer full pages, and the growth measured is the market's, not a page filling up.
 */
async function fillPages(sql: SqlClient, proHandymanId: number): Promise<void> {
  const client = randomUUID();
  await sql.query(`INSERT INTO "users" (id, email, password_hash, email_verified_at) VALUES ($1, $2, 'not-a-usable-hash', now())`, [client, `scale-client-${Date.now()}@fixwell.example`]);
  await sql.query(
    `WITH jobs AS (
       INSERT INTO "inputs" (input_id, user_id, task_type, city, details, date, criteria, created_at, state)
       SELECT gen_random_uuid(), $1, 'Pipe-leakage', 'Rotterdam', 'Dripping pipe under the sink.', current_date - g + 90, 'price', now() - g * interval '1 day',
              (CASE WHEN g <= 30 THEN 'offered' ELSE 'done' END)::"request_state"
         FROM generate_series(1, 90) AS g
       RETURNING input_id, created_at, state),
     offered AS (
       INSERT INTO "offers" (id, request_id, handyman_id, status, created_at, expires_at, answered_at)
       SELECT gen_random_uuid(), input_id, $2, (CASE WHEN state = 'offered' THEN 'open' ELSE 'accepted' END)::"offer_status", created_at + interval '1 minute',
              CASE WHEN state = 'offered' THEN now() + interval '1 day' ELSE created_at + interval '1 day' END,
              CASE WHEN state = 'offered' THEN NULL ELSE created_at + interval '2 hours' END
         FROM jobs)
     INSERT INTO "reviews" (id, request_id, handyman_id, stars, text, created_at)
     SELECT gen_random_uuid(), input_id, $2, 4, 'Tidy work, on time.', created_at + interval '3 days' FROM jobs WHERE state = 'done'`,
    [client, proHandymanId],
  );
  await sql.query(
    `INSERT INTO "inputs" (input_id, user_id, task_type, city, details, date, created_at, state)
     SELECT gen_random_uuid(), $1, 'Painting', 'Amsterdam', 'Two walls of the living room.', date '2026-02-01' + g % 28, timestamptz '2026-02-01 10:00+01' + g * interval '10 hours', 'done'
       FROM generate_series(1, 60) AS g`,
    [client],
  );
  await sql.exec(
    `INSERT INTO "audit_log" ("created_at", "action", "target_type", "target_id", "before", "after")
     SELECT now() - g * interval '2 minutes', 'edit_handyman', 'handyman', '${proHandymanId}', jsonb_build_object('hourlyPrice', 40), jsonb_build_object('hourlyPrice', 45)
       FROM generate_series(1, 60) AS g`,
  );
}

/** The seeded database as the bench uses it, with the measured accounts and full pages (fillPages). */
export async function prepareSeeded(databaseUrl: string): Promise<ScaleFixtures> {
  const connection = await connect({ databaseUrl, poolMax: 1 });
  try {
    return await connection.withSql(async (sql) => {
      await migrate(sql);
      await seed(sql);
      const [pro] = await sql.query<{ id: number }>(`SELECT id FROM "handymen" WHERE "user_id" IS NULL ORDER BY id LIMIT 1`);
      const fixtures = await addAccounts(sql, pro.id);
      await fillPages(sql, pro.id);
      return fixtures;
    });
  } finally {
    await connection.close();
  }
}

/** Builds the marketplace-sized database (or keeps one with BENCH_SCALE_KEEP=1); returns its accounts and how long it took. */
export async function prepareMarket(databaseUrl: string, log: (line: string) => void): Promise<{ fixtures: ScaleFixtures; seconds: number; sizes: Record<string, number> }> {
  const started = Date.now();
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`bench: the scale database's name must be plain (${name})`);
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = "/postgres";
  const admin = await connect({ databaseUrl: adminUrl.toString(), poolMax: 1 });
  const keep = process.env.BENCH_SCALE_KEEP === "1";
  await admin.withSql(async (sql) => {
    await sql.exec("SET statement_timeout = 0");
    const [exists] = await sql.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
    if (exists && keep) return;
    if (exists) await sql.exec(`DROP DATABASE "${name}" WITH (FORCE)`);
    await sql.exec(`CREATE DATABASE "${name}"`);
  });
  await admin.close();
  const connection = await connect({ databaseUrl, poolMax: 1 });
  try {
    return await connection.withSql(async (sql) => {
      await sql.exec("SET statement_timeout = 0");
      const [built] = await sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM pg_tables WHERE tablename = 'inputs'`);
      const [already] = built.n === "1" ? await sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM "inputs"`) : [{ n: "0" }];
      // A kept database still gets the migrations written since it was built (they backfill what they add).
      await migrate(sql);
      await sql.exec("SET statement_timeout = 0");
      if (!keep || Number(already.n) < MARKET.requests) {
        await seed(sql);
        // The handymen first, with their trigger: it keeps the ranking's side table (handyman_offerings).
        let step = Date.now();
        await sql.exec(handymenSql(MARKET.handymen));
        log(`bench: ${MARKET.handymen} handymen in ${((Date.now() - step) / 1000).toFixed(1)} s`);
        // Then the rest of the market: no per-row triggers or foreign-key checks (the keys are built consistent), no fsync per commit.
        // (migrate resets the statement limit to the pool's, which is meant for requests, not for loading.)
        await sql.exec(`SET statement_timeout = 0; SET session_replication_role = replica; SET synchronous_commit = off; SET maintenance_work_mem = '512MB'`);
        // Secondary indexes are dropped while loading and built again afterwards (one sort each instead of a
        // million insertions); their definitions are read from the catalogue, so they follow the migrations.
        const indexes = await sql.query<{ name: string; definition: string }>(
          `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
            WHERE i.schemaname = 'public' AND i.tablename IN ('inputs', 'offers', 'request_events', 'reviews', 'audit_log')
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
        );
        for (const index of indexes) await sql.exec(`DROP INDEX "${index.name}"`);
        const [range] = await sql.query<{ first: number; pro: number }>(`SELECT min(id) AS first, min(id) + 7 AS pro FROM "handymen" WHERE "slug" LIKE 'scale-pro-%'`);
        const operatorId = randomUUID();
        await sql.query(`INSERT INTO "users" (id, email, password_hash, role) VALUES ($1, 'scale-audit-operator@fixwell.example', 'not-a-usable-hash', 'operator')`, [operatorId]);
        const labels = ["homeowners", "requests", "offers", "events", "reviews", "audit entries"];
        const values = { homeowners: MARKET.homeowners, requests: MARKET.requests, audit: MARKET.audit, pro: Number(range.pro), first: Number(range.first), handymen: MARKET.handymen, operator: operatorId };
        for (const [i, statement] of marketSql(values).entries()) {
          step = Date.now();
          await sql.exec(statement);
          log(`bench: ${labels[i]} in ${((Date.now() - step) / 1000).toFixed(1)} s`);
        }
        await sql.exec(`SET session_replication_role = DEFAULT`);
        step = Date.now();
        for (const index of indexes) await sql.exec(index.definition);
        log(`bench: ${indexes.length} indexes built again in ${((Date.now() - step) / 1000).toFixed(1)} s`);
        step = Date.now();
        // The counts per state the triggers would have kept.
        await sql.exec(`DELETE FROM "request_state_counts"; INSERT INTO "request_state_counts" ("city", "task_type", "state", "n") SELECT "city", "task_type", "state", count(*) FROM "inputs" GROUP BY 1, 2, 3`);
        await sql.exec(
          `DELETE FROM "request_state_day_counts"; INSERT INTO "request_state_day_counts" ("day", "city", "task_type", "state", "n")
           SELECT "amsterdam_day"("created_at"), "city", "task_type", "state", count(*) FROM "inputs" GROUP BY 1, 2, 3, 4`,
        );
        await sql.exec(`VACUUM ANALYZE`);
        await sql.exec(`RESET statement_timeout`);
        log(`bench: counts, vacuum and analyze in ${((Date.now() - step) / 1000).toFixed(1)} s`);
      }
      const [pro] = await sql.query<{ id: number }>(`SELECT min(id) + 7 AS id FROM "handymen" WHERE "slug" LIKE 'scale-pro-%'`);
      await sql.exec(`DELETE FROM "users" WHERE "email" LIKE 'scale-%-%@fixwell.example' AND "email" <> 'scale-audit-operator@fixwell.example'`);
      await sql.query(`UPDATE "handymen" SET "user_id" = NULL WHERE "id" = $1`, [pro.id]);
      const fixtures = await addAccounts(sql, pro.id);
      const sizes: Record<string, number> = {};
      for (const table of ["users", "handymen", "inputs", "offers", "request_events", "reviews", "audit_log"]) {
        const [row] = await sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${table}"`);
        sizes[table] = Number(row.n);
      }
      return { fixtures, seconds: Math.round((Date.now() - started) / 1000), sizes };
    });
  } finally {
    await connection.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// Measuring

export type Call = { name: string; path: string | ((fixtures: ScaleFixtures, i: number) => string); as: "operator" | "owner" | "pro"; method?: "GET" | "POST"; body?: (fixtures: ScaleFixtures) => unknown };

/** The pages and calls of the table, and the console's new pages. */
export const CALLS: Call[] = [
  { name: "GET /ops/handymen", path: "/ops/handymen", as: "operator" },
  { name: "GET /pro (2,000 past jobs)", path: "/pro", as: "pro" },
  { name: "GET /api/pro/offers", path: "/api/pro/offers", as: "pro" },
  { name: "GET /ops/requests", path: "/ops/requests", as: "operator" },
  { name: "GET /ops/requests?state=done&city=Rotterdam", path: "/ops/requests?state=done&city=Rotterdam", as: "operator" },
  { name: "GET /ops/requests?taskType=Painting&from&to", path: "/ops/requests?taskType=Painting&from=2026-01-01&to=2026-03-31", as: "operator" },
  { name: "GET /inputs/criteria/arranging", path: "/inputs/criteria/arranging", as: "owner" },
  {
    name: "POST /api/inputs/{id}/criteria (the offer)",
    path: (f, i) => `/api/inputs/${f.fresh[i]}/criteria`,
    as: "owner",
    method: "POST",
    body: (f) => ({ criteria: "price", city: f.city, task_type: f.taskType }),
  },
  { name: "GET /ops/audit", path: "/ops/audit", as: "operator" },
  { name: "GET /dashboard/orders", path: "/dashboard/orders", as: "owner" },
  { name: "GET /api/account/export", path: "/api/account/export", as: "owner" },
  { name: "GET /api/inputs/{email}", path: (f) => `/api/inputs/${encodeURIComponent(f.owner.email)}`, as: "owner" },
];

export type Measured = { name: string; median_ms: number; bytes: number; statuses: string };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Each call in turn, sequentially: WARMUP answers thrown away, then SAMPLES timed; the median and the last answer's bytes. */
export async function measureCalls(baseUrl: string, fixtures: ScaleFixtures, cookieOf: (account: ScaleAccount) => Promise<string>): Promise<Measured[]> {
  const results: Measured[] = [];
  for (const call of CALLS) {
    const cookie = await cookieOf(fixtures[call.as]);
    const times: number[] = [];
    const statuses = new Map<number, number>();
    let bytes = 0;
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const path = typeof call.path === "function" ? call.path(fixtures, i) : call.path;
      const started = performance.now();
      const response = await fetch(`${baseUrl}${path}`, {
        method: call.method ?? "GET",
        headers: { cookie, ...(call.body ? { "content-type": "application/json" } : {}) },
        body: call.body ? JSON.stringify(call.body(fixtures)) : undefined,
        redirect: "manual",
      });
      const body = await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (i >= WARMUP) {
        times.push(elapsed);
        bytes = body.byteLength;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }
    results.push({ name: call.name, median_ms: Math.round(median(times) * 10) / 10, bytes, statuses: [...statuses].map(([status, n]) => `${status}×${n}`).join(" ") });
  }
  return results;
}

const size = (bytes: number) => (bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} kB`);

/** The side-by-side table, as printed and as it goes into docs/performance.md. */
export function scaleTable(seeded: Measured[], big: Measured[]): string {
  const lines = ["| page or call | seeded | marketplace-sized | growth (time) | growth (bytes) | answers |", "|---|---|---|---|---|---|"];
  for (const row of seeded) {
    const other = big.find((candidate) => candidate.name === row.name);
    if (!other) continue;
    const growth = row.median_ms > 0 ? `×${(other.median_ms / row.median_ms).toFixed(1)}` : "—";
    const bytesGrowth = row.bytes > 0 ? `×${(other.bytes / row.bytes).toFixed(2)}` : "—";
    lines.push(`| \`${row.name}\` | ${row.median_ms} ms, ${size(row.bytes)} | ${other.median_ms} ms, ${size(other.bytes)} | ${growth} | ${bytesGrowth} | ${row.statuses} / ${other.statuses} |`);
  }
  return lines.join("\n");
}
