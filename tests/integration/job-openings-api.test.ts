// GET /api/job-openings and GET /api/job-openings/{job_id} against the test database.
import { beforeEach, describe, expect, it } from "vitest";
import { GET as listOpenings } from "../../app/api/job-openings/route";
import { GET as getOpening } from "../../app/api/job-openings/[jobId]/route";
import { jobOpenings } from "../../lib/careers/content";
import { DEPARTMENT_ORDER } from "../../lib/careers/grouping";
import { jobOpeningSchema } from "../../lib/careers/schemas";
import { getDb, resetDatabase, snapshotTables, withSql } from "../helpers/db";

const BASE = "http://localhost:3000";

function callList(): Promise<Response> {
  return listOpenings(new Request(`${BASE}/api/job-openings`), { params: Promise.resolve({}) });
}

function callOne(jobId: string): Promise<Response> {
  return getOpening(new Request(`${BASE}/api/job-openings/${encodeURIComponent(jobId)}`), {
    params: Promise.resolve({ jobId }),
  });
}

const HOSTILE_REQUIREMENTS = `<p>Skills</p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a><iframe src="https://xss.example"></iframe><style>p{}</style>`;

async function insertOpening(jobId: string, fields: Partial<Record<"requirements" | "benefits" | "department" | "startDate", string>> = {}) {
  const db = await getDb();
  await db.jobOpening.create({
    data: {
      jobId,
      department: fields.department ?? "Engineering",
      role: "Test role",
      location: "Rotterdam",
      startDate: new Date(`${fields.startDate ?? "2027-05-01"}T00:00:00Z`),
      description: "d",
      about: "a",
      overview: "o",
      requirements: fields.requirements ?? "<p>r</p>",
      benefits: fields.benefits ?? "<p>b</p>",
      interviewTime: "i",
      apply: "x",
    },
  });
}

beforeEach(async () => {
  await resetDatabase();
});

describe("GET /api/job-openings", () => {
  it("answers 200 with every opening as an array of the spec's fields", async () => {
    const response = await callList();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as unknown[];
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(jobOpenings.length);
    for (const item of body) {
      expect(jobOpeningSchema.strict().safeParse(item).success).toBe(true);
    }
    const ids = (body as { job_id: string }[]).map((o) => o.job_id).sort();
    expect(ids).toEqual(jobOpenings.map((o) => o.job_id).sort());
  });

  it("returns the stored values of each opening", async () => {
    const body = (await (await callList()).json()) as Record<string, string>[];
    const seed = jobOpenings.find((o) => o.job_id === "operations-coordinator-the-hague")!;
    const item = body.find((o) => o.job_id === seed.job_id)!;
    expect(item).toEqual({ ...seed, requirements: expect.any(String), benefits: expect.any(String) });
    expect(item.start_date).toBe(seed.start_date);
    expect(item.requirements).toContain("<li>Experience in planning, logistics or field service</li>");
  });

  it("orders openings by department, then start date", async () => {
    const body = (await (await callList()).json()) as { department: string; start_date: string }[];
    const ranks = body.map((o) => DEPARTMENT_ORDER.indexOf(o.department as (typeof DEPARTMENT_ORDER)[number]));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (let i = 1; i < body.length; i += 1) {
      if (body[i].department === body[i - 1].department) expect(body[i].start_date >= body[i - 1].start_date).toBe(true);
    }
  });

  it("lets a CDN keep the answer for a minute", async () => {
    const cacheControl = (await callList()).headers.get("cache-control") ?? "";
    expect(cacheControl).toMatch(/\bpublic\b/);
    expect(cacheControl).toMatch(/\bs-maxage=60\b/);
    expect(cacheControl).not.toMatch(/no-store|private/);
  });

  it("answers an empty array when there are no openings", async () => {
    await withSql((sql) => sql.exec(`DELETE FROM "job_openings"`));
    const response = await callList();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it("returns requirements and benefits sanitised, never the stored scripts", async () => {
    await insertOpening("hostile-opening", { requirements: HOSTILE_REQUIREMENTS, benefits: `<p onclick="alert(1)">Perks</p>` });
    const body = (await (await callList()).json()) as { job_id: string; requirements: string; benefits: string }[];
    const item = body.find((o) => o.job_id === "hostile-opening")!;
    expect(item.requirements).toBe("<p>Skills</p>x");
    expect(item.benefits).toBe("<p>Perks</p>");
  });

  it("shows a change to an opening on the next request", async () => {
    const db = await getDb();
    await db.jobOpening.update({ where: { jobId: "growth-marketer" }, data: { role: "Growth Marketing Lead" } });
    const body = (await (await callList()).json()) as { job_id: string; role: string }[];
    expect(body.find((o) => o.job_id === "growth-marketer")?.role).toBe("Growth Marketing Lead");
  });
});

describe("GET /api/job-openings/{job_id}", () => {
  it("answers 200 with an array holding the one opening", async () => {
    const response = await callOne("platform-engineer");
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, string>[];
    expect(body).toHaveLength(1);
    const seed = jobOpenings.find((o) => o.job_id === "platform-engineer")!;
    expect(body[0]).toEqual({ ...seed, requirements: expect.any(String), benefits: expect.any(String) });
    expect(jobOpeningSchema.strict().safeParse(body[0]).success).toBe(true);
    expect(response.headers.get("cache-control")).toMatch(/\bs-maxage=60\b/);
  });

  it("answers every seeded opening", async () => {
    for (const seed of jobOpenings) {
      const response = await callOne(seed.job_id);
      expect(response.status, seed.job_id).toBe(200);
      expect(((await response.json()) as { role: string }[])[0].role).toBe(seed.role);
    }
  });

  it("sanitises the stored HTML of the opening", async () => {
    await insertOpening("hostile-opening", { requirements: HOSTILE_REQUIREMENTS });
    const [item] = (await (await callOne("hostile-opening")).json()) as { requirements: string }[];
    expect(item.requirements).toBe("<p>Skills</p>x");
  });

  it("answers 404 with the error shape for an unknown id, and is not cached", async () => {
    const response = await callOne("astronaut");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "That job opening was not found." } });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 404 once an opening has been removed", async () => {
    await withSql((sql) => sql.exec(`DELETE FROM "job_openings" WHERE job_id = 'growth-marketer'`));
    expect((await callOne("growth-marketer")).status).toBe(404);
  });

  const badIds: [string, string][] = [
    ["empty", ""],
    ["10,000 characters", "a".repeat(10_000)],
    ["65 characters", "a".repeat(65)],
    ["SQL injection", "' OR '1'='1"],
    ["SQL statement", "x'; DROP TABLE job_openings; --"],
    ["SQL comment after a real id", "platform-engineer'--"],
    ["SQL wildcard", "%"],
    ["path traversal", "../../etc/passwd"],
    ["encoded path traversal", "..%2F..%2Fetc%2Fpasswd"],
    ["backslashes", "..\\..\\windows"],
    ["a real id with a path after it", "platform-engineer/../growth-marketer"],
    ["upper case version of a real id", "Platform-Engineer"],
    ["surrounding spaces", " platform-engineer "],
    ["null byte", "platform-engineer\0"],
    ["newline", "platform-engineer\n"],
    ["markup", "<script>alert(1)</script>"],
    ["unicode", "ingénieur-ü"],
    ["emoji", "🔧"],
  ];

  it.each(badIds)("answers 404, never a 500, for a malformed id (%s), and changes nothing", async (_case, jobId) => {
    const before = await snapshotTables();
    const response = await callOne(jobId);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body).toEqual({ error: { code: "not_found", message: "That job opening was not found." } });
    expect(await snapshotTables()).toBe(before);
  });

  it("answers 404 when the route is called without an id at all", async () => {
    const response = await getOpening(new Request(`${BASE}/api/job-openings/`), {
      params: Promise.resolve({} as { jobId: string }),
    });
    expect(response.status).toBe(404);
  });
});
