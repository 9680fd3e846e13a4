// Order and formatting on the careers list, and the seed's openings as content.
import { describe, expect, it } from "vitest";
import { jobOpenings } from "../../lib/careers/content";
import { splitEmails } from "../../lib/careers/format";
import { DEPARTMENT_ORDER, groupByDepartment } from "../../lib/careers/grouping";
import { jobIdSchema, jobOpeningSchema } from "../../lib/careers/schemas";

type Row = { jobId: string; department: string; role: string; startDate: string };

const row = (jobId: string, department: string, startDate: string, role = jobId): Row => ({ jobId, department, role, startDate });

describe("groupByDepartment", () => {
  it("puts departments in the fixed order, unknown ones after them alphabetically", () => {
    const groups = groupByDepartment([
      row("a", "Legal", "2027-01-01"),
      row("b", "Marketing", "2027-01-01"),
      row("c", "Finance", "2027-01-01"),
      row("d", "Engineering", "2027-01-01"),
      row("e", "Customer Success", "2027-01-01"),
      row("f", "Operations", "2027-01-01"),
    ]);
    expect(groups.map((g) => g.department)).toEqual([...DEPARTMENT_ORDER, "Finance", "Legal"]);
  });

  it("orders openings within a department by start date, then role, then id", () => {
    const groups = groupByDepartment([
      row("late", "Engineering", "2027-03-01"),
      row("b-early", "Engineering", "2027-01-01", "Same role"),
      row("a-early", "Engineering", "2027-01-01", "Same role"),
      row("middle", "Engineering", "2027-02-01", "Another role"),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0].openings.map((o) => o.jobId)).toEqual(["a-early", "b-early", "middle", "late"]);
  });

  it("gives the same groups whatever order the rows arrive in", () => {
    const rows = jobOpenings.map((o) => row(o.job_id, o.department, o.start_date, o.role));
    const expected = groupByDepartment(rows);
    expect(groupByDepartment([...rows].reverse())).toEqual(expected);
    expect(groupByDepartment([...rows].sort((a, b) => a.role.localeCompare(b.role)))).toEqual(expected);
  });

  it("gives no groups for no openings", () => {
    expect(groupByDepartment([])).toEqual([]);
  });
});

describe("splitEmails", () => {
  it("finds the address in an apply text and leaves the sentence's full stop out", () => {
    expect(splitEmails("Send your CV to jobs@fixwell.example.")).toEqual([
      { kind: "text", text: "Send your CV to " },
      { kind: "email", address: "jobs@fixwell.example" },
      { kind: "text", text: "." },
    ]);
  });

  it("returns text without an address unchanged", () => {
    expect(splitEmails("Apply in person.")).toEqual([{ kind: "text", text: "Apply in person." }]);
  });
});

describe("jobIdSchema", () => {
  it.each(["senior-full-stack-engineer", "a", "role-2027", "x".repeat(64)])("accepts %s", (id) => {
    expect(jobIdSchema.safeParse(id).success).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["too long", "x".repeat(65)],
    ["10,000 characters", "a".repeat(10_000)],
    ["upper case", "Senior-Engineer"],
    ["SQL", "x' OR '1'='1"],
    ["path traversal", "../../etc/passwd"],
    ["encoded slash", "a%2Fb"],
    ["leading hyphen", "-engineer"],
    ["double hyphen", "senior--engineer"],
    ["spaces", "senior engineer"],
    ["accents", "ingénieur"],
    ["null byte", "engineer\0"],
    ["trailing newline", "engineer\n"],
  ])("rejects %s", (_case, id) => {
    expect(jobIdSchema.safeParse(id).success).toBe(false);
  });
});

describe("the seed's openings", () => {
  it("are complete, valid openings with ids that work in URLs", () => {
    for (const opening of jobOpenings) {
      const result = jobOpeningSchema.safeParse(opening);
      expect(result.success, `${opening.job_id}: ${result.error?.message}`).toBe(true);
    }
  });

  it("cover the company's departments and places, at least 8 openings in at least 3 departments", () => {
    expect(jobOpenings.length).toBeGreaterThanOrEqual(8);
    const departments = new Set(jobOpenings.map((o) => o.department));
    expect(departments.size).toBeGreaterThanOrEqual(3);
    for (const department of departments) expect(DEPARTMENT_ORDER).toContain(department);
    const places = /^(Amsterdam|Rotterdam|The Hague|Remote \(Netherlands\))$/;
    for (const opening of jobOpenings) expect(opening.location).toMatch(places);
  });
});
