// Database outages are recognised (for 503s) and described in one line without credentials; a taken
// unique key is told apart from every other failure (for 409s).
import { describe, expect, it } from "vitest";
import { describeDatabaseError, isDatabaseUnavailable, isUniqueViolation } from "../../lib/db/errors";

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
