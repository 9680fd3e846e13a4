// Property-based fuzzing of the console's job openings handlers: generated bodies, ids, cookies and
// headers. The property, as in api-fuzz.test.ts: never a 5xx, always the documented error shape on a 4xx,
// and on any 4xx the database — openings, their Dutch versions and audit log alike — exactly as it was.
// Bodies carry generated Dutch versions (`nl`) too: complete, partial, empty, null or not an object at all.
// Fixed seed, bounded runs.
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("next/cache", async (importOriginal) => ({ ...(await importOriginal<typeof import("next/cache")>()), revalidateTag: vi.fn() }));

import * as listRoute from "../../app/api/ops/job-openings/route";
import * as oneRoute from "../../app/api/ops/job-openings/[jobId]/route";
import * as duplicateRoute from "../../app/api/ops/job-openings/[jobId]/duplicate/route";
import * as publishRoute from "../../app/api/ops/job-openings/[jobId]/publish/route";
import * as closeRoute from "../../app/api/ops/job-openings/[jobId]/close/route";
import * as deleteRoute from "../../app/api/ops/job-openings/[jobId]/delete/route";
import * as previewRoute from "../../app/api/ops/job-openings/preview/route";
import { hashPassword } from "../../lib/auth/passwords";
import { getDb, resetDatabase } from "../helpers/db";
import { call, checkProperty, GARBAGE_COOKIE, headerChoice, hostileValues, sentWith, type RouteHandler } from "../helpers/fuzz";
import { amsterdamDay, apiRequest, createSignedInUser, sessionCookieFor } from "../helpers/session";

const SEED = 20261122;
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const PASSWORD = "fuzzing operator passphrase 7";
const DRAFT_ID = "fuzz-draft";

let operatorCookie: string;
let homeownerCookie: string;
let publishedId: string;

beforeAll(async () => {
  await resetDatabase();
  const db = await getDb();
  const operator = await db.user.create({
    data: { email: "fuzz-operator@example.test", passwordHash: await hashPassword(PASSWORD), role: "operator" },
    select: { id: true, email: true },
  });
  operatorCookie = await sessionCookieFor(operator);
  homeownerCookie = (await createSignedInUser("fuzz-homeowner@example.test")).cookie;
  publishedId = (await db.jobOpening.findFirstOrThrow({ where: { status: "published" }, select: { jobId: true } })).jobId;
  await db.jobOpening.create({
    data: {
      jobId: DRAFT_ID,
      status: "draft",
      department: "Engineering",
      role: "Fuzzer",
      location: "Amsterdam",
      startDate: new Date(`${amsterdamDay(10)}T00:00:00Z`),
      description: "d",
      about: "a",
      overview: "o",
      requirements: "<p>r</p>",
      benefits: "<p>b</p>",
      interviewTime: "i",
      apply: "x",
    },
  });
}, 60_000);

const { nastyString } = hostileValues(["a".repeat(300), "\u0000", "new", "preview"]);
// Text with control characters, a NUL among them, or broken Unicode somewhere inside: refused like any field's.
const unprintable = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom("\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\ud800", "\r", "\u0000\u0000"), fc.string({ maxLength: 20 }))
  .map(([head, bad, tail]) => `${head || "x"}${bad}${tail}`);
const anyText = (maxLength: number) => fc.oneof(fc.string({ maxLength }), fc.string({ maxLength, unit: "binary" }), unprintable);

const jobIdArb = fc.oneof(fc.constantFrom(DRAFT_ID, "no-such-opening", "UPPER", "a".repeat(65)), nastyString, fc.constant("__published__"));
const resolveId = (id: string) => (id === "__published__" ? publishedId : id);

const cookieChoice = fc.constantFrom<"operator" | "homeowner" | "none" | "garbage">("operator", "operator", "homeowner", "none", "garbage");
const cookieFor = (who: string) =>
  who === "operator" ? operatorCookie : who === "homeowner" ? homeownerCookie : who === "garbage" ? GARBAGE_COOKIE : undefined;

const headerArb = headerChoice();

const dutchText = (valid: string) => fc.oneof(fc.constant(valid), fc.constantFrom("", "   ", null), nastyString, fc.integer(), anyText(60));

const VALID_DUTCH = {
  department: "Operations",
  role: "Tester",
  location: "Den Haag",
  description: "Je test alles.",
  about: "Over Fixwell.",
  overview: "Je test.",
  requirements: "<p>Geduld</p>",
  benefits: "<ul><li>Een fiets</li></ul>",
  interview_time: "Eén gesprek.",
  apply: "Mail ons.",
};

const dutchBody = fc.oneof(
  fc.constantFrom(null, "nl", 42, [] as unknown[], {}, VALID_DUTCH),
  fc.record({ field: fc.constantFrom(...Object.keys(VALID_DUTCH)), value: fc.oneof(nastyString, fc.integer(), fc.constant(null)) }).map(({ field, value }) => ({ ...VALID_DUTCH, [field]: value })),
  fc.record(
    {
      department: dutchText("Operations"),
      role: dutchText("Tester"),
      location: dutchText("Den Haag"),
      description: fc.oneof(dutchText("Je test alles."), fc.string({ minLength: 490, maxLength: 520 })),
      about: dutchText("Over Fixwell."),
      overview: dutchText("Je test."),
      requirements: fc.oneof(dutchText("<p>Geduld</p>"), fc.constantFrom("<script>x</script>", "- a\n- b", "<img src=x onerror=1>")),
      benefits: fc.oneof(dutchText("<ul><li>Een fiets</li></ul>"), fc.constantFrom("**b**", "<style>x</style>")),
      interview_time: dutchText("Eén gesprek."),
      apply: dutchText("Mail ons."),
    },
    { requiredKeys: [] },
  ),
);

const openingBody = fc.record(
  {
    job_id: fc.oneof(fc.constantFrom(DRAFT_ID, "fuzz-new-opening", "new"), nastyString, fc.integer()),
    version: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.constantFrom("1", "x", null, 1.5, 2 ** 40)),
    department: fc.oneof(fc.constantFrom("Engineering", "Operations", "Sales"), nastyString, fc.integer()),
    role: fc.oneof(fc.constantFrom("Fuzzer"), nastyString, fc.constant(null), unprintable),
    location: fc.oneof(fc.constantFrom("Amsterdam"), nastyString, unprintable),
    start_date: fc.oneof(fc.integer({ min: -30, max: 60 }).map((offset) => amsterdamDay(offset)), fc.constantFrom("2027-02-30", "tomorrow", "9999-12-31"), nastyString),
    closes_on: fc.oneof(fc.integer({ min: -30, max: 60 }).map((offset) => amsterdamDay(offset)), fc.constantFrom("", null), nastyString),
    description: fc.oneof(anyText(100), fc.string({ minLength: 490, maxLength: 520 })),
    about: anyText(100),
    overview: anyText(100),
    content_format: fc.oneof(fc.constantFrom("html", "markdown", "rtf"), nastyString),
    requirements: fc.oneof(fc.constantFrom("<p>ok</p>", "<script>x</script>", "- a\n- b", "<img src=x onerror=1>", "<p>a\u0000b</p>"), anyText(200)),
    benefits: fc.oneof(fc.constantFrom("<p>ok</p>", "", "**b**", "**\u0000**"), anyText(200)),
    interview_time: anyText(50),
    apply: anyText(50),
    password: fc.oneof(fc.constant(PASSWORD), nastyString, fc.integer()),
    format: fc.oneof(fc.constantFrom("html", "markdown"), nastyString),
    nl: dutchBody,
  },
  { requiredKeys: [] },
);

const rawBody = fc.oneof(
  openingBody.map((body) => JSON.stringify(body)),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 100 }),
  fc.constantFrom("{", "[]", "null", "", "x".repeat(20_000)),
);

type Route = { name: string; method: string; handler: RouteHandler<{ jobId: string }>; path: (id: string) => string; withId: boolean };

const ROUTES: Route[] = [
  { name: "POST /api/ops/job-openings", method: "POST", handler: listRoute.POST, path: () => "/api/ops/job-openings", withId: false },
  { name: "GET /api/ops/job-openings", method: "GET", handler: listRoute.GET, path: () => "/api/ops/job-openings", withId: false },
  { name: "POST /api/ops/job-openings/preview", method: "POST", handler: previewRoute.POST, path: () => "/api/ops/job-openings/preview", withId: false },
  { name: "GET /api/ops/job-openings/{id}", method: "GET", handler: oneRoute.GET, path: (id) => `/api/ops/job-openings/${encodeURIComponent(id)}`, withId: true },
  { name: "PUT /api/ops/job-openings/{id}", method: "PUT", handler: oneRoute.PUT, path: (id) => `/api/ops/job-openings/${encodeURIComponent(id)}`, withId: true },
  { name: "DELETE /api/ops/job-openings/{id}", method: "DELETE", handler: oneRoute.DELETE, path: (id) => `/api/ops/job-openings/${encodeURIComponent(id)}`, withId: true },
  { name: "POST …/duplicate", method: "POST", handler: duplicateRoute.POST, path: (id) => `/api/ops/job-openings/${encodeURIComponent(id)}/duplicate`, withId: true },
  { name: "POST …/publish", method: "POST", handler: publishRoute.POST, path: (id) => `/api/ops/job-openings/${encodeURIComponent(id)}/publish`, withId: true },
  { name: "POST …/close", method: "POST", handler: closeRoute.POST, path: (id) => `/api/ops/job-openings/${encodeURIComponent(id)}/close`, withId: true },
  { name: "POST …/delete", method: "POST", handler: deleteRoute.POST, path: (id) => `/api/ops/job-openings/${encodeURIComponent(id)}/delete`, withId: true },
];

describe("the console's job openings handlers under generated input", () => {
  it.each(ROUTES.map((route) => [route.name, route] as const))("%s never fails with a 5xx and changes nothing when it refuses", async (_name, route) => {
    await fc.assert(
      fc.asyncProperty(jobIdArb, rawBody, cookieChoice, headerArb, async (rawId, body, who, headers) => {
        const id = resolveId(rawId);
        const outcome = await checkProperty(() =>
          call(
            route.handler,
            apiRequest(route.method, route.path(id), {
              cookie: cookieFor(who),
              body: route.method === "GET" ? undefined : body,
              ...sentWith(headers),
            }),
            route.withId ? { jobId: id } : undefined,
          ),
        );
        if (outcome.status < 400) expect(who).toBe("operator");
        if (who !== "operator" && headers.origin !== "https://evil.example") expect(outcome.status).toBe(404);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
