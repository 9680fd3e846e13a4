// Database outages are recognised (for 503s) and described in one line without credentials; a taken
// unique key is told apart from every other failure (for 409s).
import { describe, expect, it } from "vitest";
import { describeDatabaseError, isDatabaseUnavailable, isLostConnection, isUniqueViolation, retryReadOnce } from "../../lib/db/errors";

describe("isUniqueViolation", () => {
  it("recognises Prisma's unique-constraint error by its code", () => {
    expect(isUniqueViolation(Object.assign(new Error("Unique constraint failed"), { code: "P2002" }))).toBe(true);
  });

  it.each([
    ["a foreign-key failure", Object.assign(new Error("Foreign key constraint failed"), { code: "P2003" })],
    ["an outage", Object.assign(new Error("Can't reach database server"), { code: "P1001" })],
    ["a plain error", new Error("P2002")],
    ["null", null],
    ["a string", "P2002"],
  ])("does not mistake %s for a taken key", (_name, error) => {
    expect(isUniqueViolation(error)).toBe(false);
  });
});

describe("isDatabaseUnavailable", () => {
  it.each([
    ["refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["Prisma P1001", Object.assign(new Error("Can't reach database server"), { code: "P1001" })],
    ["login refused (SQLSTATE 28P01)", Object.assign(new Error("password authentication failed"), { code: "28P01" })],
    ["pool timeout", new Error("timeout exceeded when trying to connect")],
    ["wrapped cause", new Error("outer", { cause: Object.assign(new Error("x"), { code: "57P01" }) })],
  ])("recognises %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["unique violation", Object.assign(new Error("Unique constraint failed"), { code: "P2002" })],
    ["missing table", Object.assign(new Error('relation "inputs" does not exist'), { code: "42P01" })],
    ["plain error", new Error("boom")],
    ["not an error", "text"],
  ])("does not mistake %s for an outage", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("describeDatabaseError", () => {
  it("keeps the first line and hides credentials in URLs", () => {
    const line = describeDatabaseError(new Error("failed for postgresql://app:hunter2@db:5432/x\n    at stack"));
    expect(line).toBe("failed for postgresql://***@db:5432/x");
  });
});

describe("describeDatabaseError with Prisma's layout", () => {
  it("reports the reason at the end of a Prisma message, with its code, not the invocation banner", () => {
    const error = Object.assign(
      new Error("\nInvalid `db.jobOpening.findMany()` invocation in\n/srv/app/lib/careers/queries.ts:12:3\n\n  11 \n→ 12 db.jobOpening.findMany(\n\nCan't reach database server at 127.0.0.1:5432"),
      { code: "P1001" },
    );
    expect(describeDatabaseError(error)).toBe("Can't reach database server at 127.0.0.1:5432 [P1001]");
  });
});

describe("retryReadOnce", () => {
  const terminated = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "P2010" });

  it.each([
    ["a terminated connection (through Prisma's adapter)", terminated()],
    ["a reset", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })],
    ["a connection ended under the statement", new Error("Connection terminated unexpectedly")],
    ["a shutdown (SQLSTATE 57P01), wrapped", new Error("outer", { cause: Object.assign(new Error("x"), { code: "57P01" }) })],
  ])("reads again once after %s", async (_name, error) => {
    expect(isLostConnection(error)).toBe(true);
    let calls = 0;
    expect(await retryReadOnce(async () => (calls++ === 0 ? Promise.reject(error) : "answer"))).toBe("answer");
    expect(calls).toBe(2);
  });

  it("gives up after the second lost connection, with the error an outage answers 503 for", async () => {
    let calls = 0;
    const failure = retryReadOnce(async () => {
      calls += 1;
      throw terminated();
    });
    await expect(failure).rejects.toSatisfy(isDatabaseUnavailable);
    expect(calls).toBe(2);
  });

  it.each([
    ["a pool timeout (waiting again would double the wait)", new Error("timeout exceeded when trying to connect")],
    ["a statement timeout", new Error("canceling statement due to statement timeout")],
    ["a unique violation", Object.assign(new Error("Unique constraint failed"), { code: "P2002" })],
    ["a bug", new Error("boom")],
  ])("does not read again after %s", async (_name, error) => {
    let calls = 0;
    await expect(retryReadOnce(async () => { calls += 1; throw error; })).rejects.toBe(error);
    expect(calls).toBe(1);
  });
});
