// A read that may be repeated is tried once more when its connection is terminated under it
// (pg_terminate_backend, as a failover or a restarted pooler does): the header's unread count and the
// session's liveness answer instead of failing the page with 500. On PostgreSQL (the embedded database
// has no connections to lose).
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { unreadCounts } from "../../lib/messages/threads";
import { roleOf } from "../../lib/auth/current-user";
import { getDb, onPostgres, resetDatabase } from "../helpers/db";
import { createSignedInUser } from "../helpers/session";

describe.runIf(onPostgres())("reads retried once on a terminated connection (PostgreSQL)", () => {
  let admin: pg.Client;

  beforeEach(async () => {
    await resetDatabase();
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });

  afterEach(async () => {
    await admin.query("ROLLBACK").catch(() => undefined);
    await admin.end();
  });

  /**
   * Runs `read` while `table` is locked, terminates the backend that waits on the lock (the read's own
   * connection) and then releases the lock: the first try of the read always fails on a terminated connection.
   */
  async function terminatedUnder<T>(table: string, read: () => Promise<T>): Promise<T> {
    await admin.query("BEGIN");
    await admin.query(`LOCK TABLE "${table}" IN ACCESS EXCLUSIVE MODE`);
    const pending = read();
    let terminated = 0;
    for (let poll = 0; poll < 100 && terminated === 0; poll += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { rows } = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      for (const { pid } of rows) {
        await admin.query("SELECT pg_terminate_backend($1)", [pid]);
        terminated += 1;
      }
    }
    await admin.query("ROLLBACK");
    expect(terminated, "a read waited on the lock and was terminated").toBeGreaterThan(0);
    return pending;
  }

  it("answers the header's unread count although its connection was terminated under it", async () => {
    const user = await createSignedInUser("retry-unread@example.test");
    await getDb();
    expect(await terminatedUnder("message_threads", () => unreadCounts(user))).toMatchObject({ total: 0 });
  });

  it("answers the account's role although its connection was terminated under it", async () => {
    const user = await createSignedInUser("retry-role@example.test");
    expect(await terminatedUnder("users", () => roleOf(user))).toBe("homeowner");
  });
});
