// Small pieces of the console's job openings: the ids of copies, the addresses the proxy answers 410
// for, and JobPosting's validThrough from the closing date.
import { describe, expect, it } from "vitest";
import { openingIdOfPath } from "../../lib/careers/closed-path";
import { validThroughOf } from "../../lib/careers/json-ld";
import { copyIdCandidates } from "../../lib/careers/console";
import { jobIdSchema } from "../../lib/careers/schemas";

describe("copyIdCandidates", () => {
  it("gives <id>-copy, then -copy-2, -copy-3 …", () => {
    expect(copyIdCandidates("senior-plumber", 3)).toEqual(["senior-plumber-copy", "senior-plumber-copy-2", "senior-plumber-copy-3"]);
  });

  it("stays a valid job id of at most 64 characters for the longest ids", () => {
    const id = `${"a".repeat(30)}-${"b".repeat(33)}`;
    expect(id).toHaveLength(64);
    for (const candidate of copyIdCandidates(id)) {
      expect(candidate.length).toBeLessThanOrEqual(64);
      expect(jobIdSchema.safeParse(candidate).success, candidate).toBe(true);
    }
    expect(new Set(copyIdCandidates(id)).size).toBe(50);
  });
});

describe("openingIdOfPath", () => {
  it("finds the job id of an opening's page", () => {
    expect(openingIdOfPath("/job-openings/senior-plumber")).toBe("senior-plumber");
    expect(openingIdOfPath("/job-openings/senior-plumber/")).toBe("senior-plumber");
  });

  it("ignores every other address", () => {
    for (const path of ["/job-openings", "/job-openings/", "/job-openings/a/b", "/job-openings/Upper", "/api/job-openings/x", "/ops/job-openings/x", `/job-openings/${"a".repeat(65)}`]) {
      expect(openingIdOfPath(path), path).toBeNull();
    }
  });
});

describe("validThroughOf", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  it("follows the closing date when there is one", () => {
    expect(validThroughOf({ startDate: "2027-02-01", closesOn: "2026-12-15" }, now)).toBe("2026-12-15");
  });
  it("else the day the opening was closed (in Amsterdam)", () => {
    expect(validThroughOf({ startDate: "2027-02-01", closedAt: "2026-11-20T23:30:00.000Z" }, now)).toBe("2026-11-21");
  });
  it("else the start date while it lies ahead, and nothing once it has passed", () => {
    expect(validThroughOf({ startDate: "2027-02-01" }, now)).toBe("2027-02-01");
    expect(validThroughOf({ startDate: "2026-01-01", closesOn: null, closedAt: null }, now)).toBeUndefined();
  });
});
