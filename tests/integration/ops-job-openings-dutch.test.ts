// The Dutch version of a job opening: saved with the English through the console's API and its server
// actions (same transaction, same version check, audited as `nl`), read back for the careers pages in
// either language (lib/careers/queries.ts), removed again, copied by duplicate and deleted with the
// opening; a partial or malformed Dutch version is refused with 400 and changes nothing.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";

const revalidateTag = vi.hoisted(() => vi.fn());
vi.mock("next/cache", async (importOriginal) => ({ ...(await importOriginal<typeof import("next/cache")>()), revalidateTag }));

import { actionRequest, form, redirectOf, sendCookie } from "../helpers/server-action";
import * as listRoute from "../../app/api/ops/job-openings/route";
import * as oneRoute from "../../app/api/ops/job-openings/[jobId]/route";
import * as duplicateRoute from "../../app/api/ops/job-openings/[jobId]/duplicate/route";
import * as publishRoute from "../../app/api/ops/job-openings/[jobId]/publish/route";
import * as deleteRoute from "../../app/api/ops/job-openings/[jobId]/delete/route";
import * as previewRoute from "../../app/api/ops/job-openings/preview/route";
import { GET as publicOne } from "../../app/api/job-openings/[jobId]/route";
import { hashPassword } from "../../lib/auth/passwords";
import { jobOpenings } from "../../lib/careers/content";
import { jobOpeningTranslations } from "../../lib/careers/content-nl";
import { groupOpeningSummariesIn, listOpeningSummariesIn, openingInLocale } from "../../lib/careers/queries";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { amsterdamDay, apiRequest, routeContext, sessionCookieFor } from "../helpers/session";

const PASSWORD = "correct horse battery staple 42";

type Operator = { id: string; email: string; cookie: string };
type Body = Record<string, unknown> & { error?: { code: string; message: string; issues?: { path: string; message: string }[] } };

async function createOperator(email = `ops-${randomUUID()}@example.test`): Promise<Operator> {
  const db = await getDb();
  const user = await db.user.create({ data: { email, passwordHash: await hashPassword(PASSWORD), role: "operator" }, select: { id: true, email: true } });
  return { ...user, cookie: await sessionCookieFor(user) };
}

function draft(overrides: Record<string, unknown> = {}): Record<string, unknown> & { job_id: string } {
  return {
    job_id: `planner-${randomUUID().slice(0, 8)}`,
    department: "Operations",
    role: "Planner",
    location: "The Hague",
    start_date: amsterdamDay(30),
    description: "Plan our jobs in The Hague.",
    about: "Fixwell matches homeowners with handymen.",
    overview: "You plan the week of twelve handymen.",
    content_format: "html",
    requirements: "<p>Calm on the phone</p>",
    benefits: "<ul><li>A bike</li></ul>",
    interview_time: "One talk of an hour.",
    apply: "Mail jobs@fixwell.example",
    ...overrides,
  } as Record<string, unknown> & { job_id: string };
}

function dutch(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    department: "Operations",
    role: "Planner",
    location: "Den Haag",
    description: "Je plant onze klussen in Den Haag.",
    about: "Fixwell koppelt huiseigenaren aan vakmensen.",
    overview: "Je plant de week van twaalf vakmensen.",
    requirements: "<p>Rustig aan de telefoon</p>",
    benefits: "<ul><li>Een fiets</li></ul>",
    interview_time: "Eén gesprek van een uur.",
    apply: "Mail jobs@fixwell.example",
    ...overrides,
  };
}

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

async function call<P extends Record<string, string>>(handler: Handler<P>, method: string, path: string, options: { cookie?: string; body?: unknown; params?: P } = {}) {
  const response = await handler(apiRequest(method, path, { cookie: options.cookie, body: options.body }), routeContext(options.params ?? ({} as P)));
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body };
}

const api = {
  list: (op: Operator) => call(listRoute.GET, "GET", "/api/ops/job-openings", { cookie: op.cookie }),
  create: (op: Operator, body: unknown) => call(listRoute.POST, "POST", "/api/ops/job-openings", { cookie: op.cookie, body }),
  get: (op: Operator, jobId: string) => call(oneRoute.GET, "GET", `/api/ops/job-openings/${jobId}`, { cookie: op.cookie, params: { jobId } }),
  update: (op: Operator, jobId: string, body: unknown) => call(oneRoute.PUT, "PUT", `/api/ops/job-openings/${jobId}`, { cookie: op.cookie, body, params: { jobId } }),
  duplicate: (op: Operator, jobId: string) => call(duplicateRoute.POST, "POST", `/api/ops/job-openings/${jobId}/duplicate`, { cookie: op.cookie, body: {}, params: { jobId } }),
  publish: (op: Operator, jobId: string) => call(publishRoute.POST, "POST", `/api/ops/job-openings/${jobId}/publish`, { cookie: op.cookie, body: {}, params: { jobId } }),
  remove: (op: Operator, jobId: string, body: unknown) => call(deleteRoute.POST, "POST", `/api/ops/job-openings/${jobId}/delete`, { cookie: op.cookie, body, params: { jobId } }),
  preview: (op: Operator, body: unknown) => call(previewRoute.POST, "POST", "/api/ops/job-openings/preview", { cookie: op.cookie, body }),
};

async function auditOf(targetId: string) {
  return (await getDb()).auditEntry.findMany({ where: { targetId }, orderBy: { id: "asc" }, select: { action: true, before: true, after: true } });
}

async function dutchRow(jobId: string) {
  return (await getDb()).jobOpeningTranslation.findUnique({ where: { jobId_locale: { jobId, locale: "nl" } } });
}

async function expectRefused(run: () => Promise<{ status: number; body: Body }>, status: number) {
  const before = await snapshotTables();
  revalidateTag.mockClear();
  const outcome = await run();
  expect(outcome.status, JSON.stringify(outcome.body)).toBe(status);
  expect(typeof outcome.body.error?.message).toBe("string");
  expect(await snapshotTables()).toBe(before);
  expect(revalidateTag).not.toHaveBeenCalled();
  return outcome;
}

let operator: Operator;

beforeEach(async () => {
  await resetDatabase();
  revalidateTag.mockClear();
  operator = await createOperator();
});

describe("the seeded openings", () => {
  it("have a Dutch version for some and English only for the others", async () => {
    const translated = new Set(jobOpeningTranslations.map((t) => t.job_id));
    expect(translated.size).toBeGreaterThanOrEqual(2);
    expect(jobOpenings.some((o) => !translated.has(o.job_id))).toBe(true);

    const hague = await openingInLocale("operations-coordinator-the-hague", "nl");
    expect(hague).toMatchObject({ kind: "published", locale: "nl", availableLocales: ["en", "nl"] });
    if (hague.kind !== "published") throw new Error("not published");
    expect(hague.opening).toMatchObject({ role: "Operationeel coördinator", location: "Den Haag", startDate: "2027-01-04" });
    expect(hague.english.role).toBe("Operations Coordinator");
    expect(hague.safeHtml?.requirements).toContain("<li>Je spreekt vloeiend Nederlands en goed Engels</li>");

    const englishOnly = await openingInLocale("growth-marketer", "nl");
    expect(englishOnly).toMatchObject({ kind: "published", opening: null, safeHtml: null, availableLocales: ["en"] });
    const inEnglish = await openingInLocale("growth-marketer", "en");
    expect(inEnglish).toMatchObject({ kind: "published", opening: { role: "Growth Marketer" }, availableLocales: ["en"] });
    expect(await openingInLocale("no-such-opening", "nl")).toEqual({ kind: "missing" });
    expect(await openingInLocale("Not a slug", "nl")).toEqual({ kind: "missing" });
  });

  it("list in Dutch where they have it, in the English list's order, grouped by department", async () => {
    const english = await listOpeningSummariesIn("en");
    const inDutch = await listOpeningSummariesIn("nl");
    expect(inDutch.map((o) => o.jobId)).toEqual(english.map((o) => o.jobId));
    expect(english.every((o) => o.contentLocale === "en")).toBe(true);
    const hague = inDutch.find((o) => o.jobId === "operations-coordinator-the-hague");
    expect(hague).toMatchObject({ role: "Operationeel coördinator", location: "Den Haag", contentLocale: "nl", availableLocales: ["en", "nl"] });
    expect(inDutch.find((o) => o.jobId === "growth-marketer")).toMatchObject({ role: "Growth Marketer", contentLocale: "en", availableLocales: ["en"] });

    const groups = await groupOpeningSummariesIn("nl");
    // Groups keep the English department as their key; the page names it in its language.
    expect(groups.map((g) => g.department)).toEqual(["Engineering", "Operations", "Customer Success", "Marketing"]);
    expect(groups.flatMap((g) => g.openings.map((o) => o.jobId))).toEqual(english.map((o) => o.jobId));
    expect((await groupOpeningSummariesIn("en")).map((g) => g.department)).toEqual(["Engineering", "Operations", "Customer Success", "Marketing"]);
  });

  it("keep the public API in English", async () => {
    const response = await publicOne(apiRequest("GET", "/api/job-openings/operations-coordinator-the-hague"), routeContext({ jobId: "operations-coordinator-the-hague" }));
    const [body] = (await response.json()) as Record<string, unknown>[];
    expect(body.role).toBe("Operations Coordinator");
    expect(body.location).toBe("The Hague");
    expect(body).not.toHaveProperty("nl");
  });
});

describe("saving a Dutch version", () => {
  it("stores it with a new draft, audits it and reads it back in Dutch once published", async () => {
    const body = draft({ nl: dutch() });
    const created = await api.create(operator, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ languages: ["en", "nl"], nl: { location: "Den Haag", requirements: "<p>Rustig aan de telefoon</p>" } });
    expect((await auditOf(body.job_id))[0].after).toMatchObject({ jobId: body.job_id, nl: { locale: "nl", location: "Den Haag" } });
    expect(await openingInLocale(body.job_id, "nl")).toEqual({ kind: "missing" });

    expect((await api.publish(operator, body.job_id)).status).toBe(200);
    const found = await openingInLocale(body.job_id, "nl");
    expect(found).toMatchObject({ kind: "published", availableLocales: ["en", "nl"], opening: { location: "Den Haag", description: "Je plant onze klussen in Den Haag." } });
    expect((await openingInLocale(body.job_id, "en"))).toMatchObject({ opening: { location: "The Hague" } });

    const listed = (await api.list(operator)).body as unknown as { job_id: string; languages: string[] }[];
    expect(listed.find((row) => row.job_id === body.job_id)?.languages).toEqual(["en", "nl"]);
    expect(listed.find((row) => row.job_id === "growth-marketer")?.languages).toEqual(["en"]);
  });

  it("stores multi-line fields posted with CRLF, as a browser sends a textarea, with LF like the English", async () => {
    const body = draft({
      content_format: "markdown",
      requirements: "- Calm on the phone\r\n- A driving licence",
      benefits: "- A bike",
      nl: dutch({
        about: "Fixwell koppelt huiseigenaren aan vakmensen.\r\nIn drie steden.",
        overview: "Je plant de week.\rEn je belt vakmensen.",
        requirements: "- Rustig aan de telefoon\r\n- Een rijbewijs B\r\n",
        benefits: "\r\n- Een fiets\r\n\r\n- Een laptop",
      }),
    });
    const created = await api.create(operator, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const row = await dutchRow(body.job_id);
    expect(row).toMatchObject({
      about: "Fixwell koppelt huiseigenaren aan vakmensen.\nIn drie steden.",
      overview: "Je plant de week.\nEn je belt vakmensen.",
      requirementsSource: "- Rustig aan de telefoon\n- Een rijbewijs B",
      benefitsSource: "- Een fiets\n\n- Een laptop",
    });
    expect(row?.requirements).toContain("<li>Een rijbewijs B</li>");

    const edited = await api.update(operator, body.job_id, { ...body, version: 1, nl: dutch({ requirements: "<p>Rustig</p>\r\n<p>Punctueel</p>" }) });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await dutchRow(body.job_id))?.requirements).toBe("<p>Rustig</p>\n<p>Punctueel</p>");
  });

  it("adds one in an edit, keeps it when nl is left out, and removes it with null or every field empty", async () => {
    const body = draft();
    await api.create(operator, body);
    expect(await dutchRow(body.job_id)).toBeNull();

    revalidateTag.mockClear();
    const added = await api.update(operator, body.job_id, { ...body, version: 1, nl: dutch({ content: "ignored" }) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ version: 2, languages: ["en", "nl"], nl: { role: "Planner", location: "Den Haag" } });
    expect(revalidateTag).toHaveBeenCalledWith("job-openings", { expire: 0 });
    const audit = await auditOf(body.job_id);
    expect(audit[1].before).toMatchObject({ version: 1, nl: null });
    expect(audit[1].after).toMatchObject({ version: 2, nl: { location: "Den Haag" } });

    const kept = await api.update(operator, body.job_id, { ...body, role: "Senior planner", version: 2 });
    expect(kept.body).toMatchObject({ version: 3, role: "Senior planner", nl: { role: "Planner" } });

    const changed = await api.update(operator, body.job_id, { ...body, version: 3, nl: dutch({ role: "Hoofdplanner" }) });
    expect(changed.body).toMatchObject({ version: 4, nl: { role: "Hoofdplanner" } });
    expect((await dutchRow(body.job_id))?.role).toBe("Hoofdplanner");

    const removed = await api.update(operator, body.job_id, { ...body, version: 4, nl: null });
    expect(removed.body).toMatchObject({ version: 5, languages: ["en"], nl: null });
    expect(await dutchRow(body.job_id)).toBeNull();
    expect((await auditOf(body.job_id)).at(-1)).toMatchObject({ before: { nl: { role: "Hoofdplanner" } }, after: { nl: null } });

    await api.update(operator, body.job_id, { ...body, version: 5, nl: dutch() });
    await api.publish(operator, body.job_id);
    expect((await openingInLocale(body.job_id, "nl")) as { opening: unknown }).toMatchObject({ opening: { role: "Planner" } });
    const emptied = await api.update(operator, body.job_id, {
      ...body,
      version: 7,
      nl: Object.fromEntries(Object.keys(dutch()).map((key) => [key, "  "])),
    });
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expect(await dutchRow(body.job_id)).toBeNull();
    expect(await openingInLocale(body.job_id, "nl")).toMatchObject({ kind: "published", opening: null, availableLocales: ["en"] });
  });

  it("stores Markdown as sanitised HTML with the source beside it, like the English", async () => {
    const body = draft({
      content_format: "markdown",
      requirements: "- Pipes",
      benefits: "A *van*",
      nl: dutch({ requirements: "- **Leidingen**\n- [mail](javascript:alert(1))", benefits: "Een *bus*<script>x</script>" }),
    });
    expect((await api.create(operator, body)).status).toBe(201);
    const row = await dutchRow(body.job_id);
    expect(row?.requirements).toBe("<ul>\n<li><strong>Leidingen</strong></li>\n<li>mail</li>\n</ul>");
    expect(row?.requirementsSource).toBe("- **Leidingen**\n- [mail](javascript:alert(1))");
    expect(row?.benefits).toBe("<p>Een <em>bus</em></p>");
  });

  it("is copied by duplicate and deleted with the opening", async () => {
    const body = draft({ nl: dutch() });
    await api.create(operator, body);
    const copy = await api.duplicate(operator, body.job_id);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ job_id: `${body.job_id}-copy`, languages: ["en", "nl"], nl: { location: "Den Haag" } });
    expect((await dutchRow(`${body.job_id}-copy`))?.description).toBe("Je plant onze klussen in Den Haag.");

    expect((await api.remove(operator, body.job_id, { password: PASSWORD })).status).toBe(200);
    expect(await dutchRow(body.job_id)).toBeNull();
    expect((await auditOf(body.job_id)).at(-1)).toMatchObject({ action: "job_opening.delete", before: { nl: { location: "Den Haag" } } });
    expect(await dutchRow(`${body.job_id}-copy`)).not.toBeNull();
  });
});

describe("refusing a Dutch version", () => {
  it("refuses a partial one with 400 naming every empty field, and changes nothing", async () => {
    const body = draft({ nl: dutch() });
    await api.create(operator, body);
    const outcome = await expectRefused(() => api.update(operator, body.job_id, { ...body, version: 1, nl: { role: "Planner", location: "Den Haag" } }), 400);
    expect(outcome.body.error?.message).toMatch(/The Dutch version is incomplete/);
    const paths = outcome.body.error?.issues?.map((issue) => issue.path) ?? [];
    expect(paths).toEqual(expect.arrayContaining(["nl.department", "nl.description", "nl.requirements", "nl.benefits", "nl.apply"]));
    expect(paths).not.toContain("nl.role");
    expect(outcome.body.error?.issues?.find((issue) => issue.path === "nl.apply")?.message).toBe("Enter the Dutch way to apply, or leave every Dutch field empty.");
    expect((await dutchRow(body.job_id))?.role).toBe("Planner");

    await expectRefused(() => api.create(operator, draft({ nl: dutch({ overview: "" }) })), 400);
  });

  it.each([
    ["not an object", "Dutch please", "nl"],
    ["a field that is not text", dutch({ role: 42 }), "nl.role"],
    ["a field that is too long", dutch({ role: "r".repeat(121) }), "nl.role"],
    ["requirements that are nothing but script", dutch({ requirements: "<script>alert(1)</script>" }), "nl.requirements"],
    ["a NUL in a field", dutch({ about: "Over\u0000ons" }), "nl.about"],
  ])("refuses %s with 400 naming the field", async (_what, nl, path) => {
    const body = draft();
    await api.create(operator, body);
    const outcome = await expectRefused(() => api.update(operator, body.job_id, { ...body, version: 1, nl }), 400);
    expect(outcome.body.error?.issues?.map((issue) => issue.path)).toContain(path);
    await expectRefused(() => api.create(operator, draft({ nl })), 400);
  });

  it("names the English and the Dutch issues together", async () => {
    const outcome = await expectRefused(() => api.create(operator, draft({ role: "", nl: dutch({ role: "" }) })), 400);
    expect(outcome.body.error?.issues?.map((issue) => issue.path)).toEqual(expect.arrayContaining(["role", "nl.role"]));
  });

  it("refuses a new format without the Dutch version in it, which is written in the old one", async () => {
    const body = draft({ nl: dutch() });
    await api.create(operator, body);
    const outcome = await expectRefused(() => api.update(operator, body.job_id, { ...body, nl: undefined, content_format: "markdown", version: 1 }), 400);
    expect(outcome.body.error?.issues?.[0]?.path).toBe("nl");
  });

  it("answers a stale version with Dutch changes 409, keeping the newer Dutch version", async () => {
    const body = draft({ nl: dutch() });
    await api.create(operator, body);
    const rival = await createOperator();
    expect((await api.update(rival, body.job_id, { ...body, version: 1, nl: dutch({ role: "Rivaal" }) })).status).toBe(200);
    const outcome = await expectRefused(() => api.update(operator, body.job_id, { ...body, version: 1, nl: dutch({ role: "Mijn versie" }) }), 409);
    expect(outcome.body.error?.message).toContain("version 2");
    expect((await dutchRow(body.job_id))?.role).toBe("Rivaal");
    await expectRefused(() => api.update(operator, body.job_id, { ...body, version: 1, nl: null }), 409);
    expect((await dutchRow(body.job_id))?.role).toBe("Rivaal");
  });

  it("lets exactly one of two simultaneous Dutch saves of the same version through", async () => {
    const body = draft();
    await api.create(operator, body);
    const rival = await createOperator();
    const outcomes = await Promise.all([
      api.update(operator, body.job_id, { ...body, version: 1, nl: dutch({ role: "Een" }) }),
      api.update(rival, body.job_id, { ...body, version: 1, nl: dutch({ role: "Twee" }) }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([200, 409]);
    const winner = outcomes.find((o) => o.status === 200)!.body as { nl: { role: string } };
    expect((await dutchRow(body.job_id))?.role).toBe(winner.nl.role);
  });
});

describe("preview", () => {
  it("previews the Dutch rich fields when given, and answers as before without them", async () => {
    const outcome = await api.preview(operator, { format: "html", requirements: "<p>a</p>", benefits: "", nl: { requirements: "<p>b</p><script>x</script>" } });
    expect(outcome.body).toEqual({
      requirements: { html: "<p>a</p>", removed: [] },
      benefits: { html: "", removed: [] },
      nl: { requirements: { html: "<p>b</p>", removed: ["removed <script> element"] }, benefits: { html: "", removed: [] } },
    });
    expect((await api.preview(operator, { format: "html", requirements: "", benefits: "" })).body).not.toHaveProperty("nl");
    expect((await api.preview(operator, { format: "html", requirements: "", benefits: "", nl: "x" })).status).toBe(400);
  });
});

describe("the console's server actions", () => {
  const dutchFields = (overrides: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries({ ...dutch(), ...overrides }).map(([key, value]) => [`nl_${key}`, String(value)]));

  beforeEach(() => {
    actionRequest.jar.clear();
    actionRequest.headers = new Headers();
    sendCookie(operator.cookie.split(";")[0]);
  });

  it("saves the Dutch fields with the English, and with every Dutch field empty the opening has none", async () => {
    const { createOpeningAction, saveOpeningAction } = await import("../../lib/careers/console-actions");
    const body = draft();
    const fields = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
    expect(await redirectOf(createOpeningAction({ message: null, fieldErrors: {} }, form({ ...fields, ...dutchFields() })))).toBe(
      `/ops/job-openings/${body.job_id}?notice=opening-created`,
    );
    expect((await dutchRow(body.job_id))?.location).toBe("Den Haag");

    const empty = Object.fromEntries(Object.keys(dutchFields()).map((name) => [name, ""]));
    expect(await redirectOf(saveOpeningAction({ message: null, fieldErrors: {} }, form({ ...fields, ...empty, version: "1" })))).toBe(
      `/ops/job-openings/${body.job_id}?notice=opening-saved`,
    );
    expect(await dutchRow(body.job_id)).toBeNull();
  });

  it("saves Dutch fields typed over several lines in the console's form (posted with CRLF)", async () => {
    const { createOpeningAction } = await import("../../lib/careers/console-actions");
    const body = draft();
    const fields = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
    const multiLine = dutchFields({ overview: "Je plant de week.\r\nEn je belt vakmensen.", requirements: "<p>Rustig aan de telefoon</p>\r\n<p>Een rijbewijs B</p>" });
    expect(await redirectOf(createOpeningAction({ message: null, fieldErrors: {} }, form({ ...fields, ...multiLine })))).toBe(
      `/ops/job-openings/${body.job_id}?notice=opening-created`,
    );
    expect(await dutchRow(body.job_id)).toMatchObject({
      overview: "Je plant de week.\nEn je belt vakmensen.",
      requirements: "<p>Rustig aan de telefoon</p>\n<p>Een rijbewijs B</p>",
    });
  });

  it("answers a partial Dutch version beside each empty Dutch field, keeping what was typed", async () => {
    const { saveOpeningAction } = await import("../../lib/careers/console-actions");
    const body = draft();
    await api.create(operator, body);
    const fields = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
    const before = await snapshotTables();
    const state = await saveOpeningAction({ message: null, fieldErrors: {} }, form({ ...fields, ...dutchFields({ apply: "", about: "" }), version: "1" }));
    expect(state.message).toMatch(/The Dutch version is incomplete/);
    expect(state.fieldErrors).toMatchObject({ nl_apply: expect.stringMatching(/Dutch way to apply/), nl_about: expect.any(String) });
    expect(state.values?.nl_role).toBe("Planner");
    expect(await snapshotTables()).toBe(before);
  });

  it("previews the Dutch rich fields through the same action", async () => {
    const { createOpeningAction } = await import("../../lib/careers/console-actions");
    const state = await createOpeningAction(
      { message: null, fieldErrors: {} },
      form({ intent: "preview", content_format: "markdown", requirements: "a", benefits: "b", nl_requirements: "**c**", nl_benefits: "" }),
    );
    expect(state.preview?.nl?.requirements.html).toBe("<p><strong>c</strong></p>");
  });
});
