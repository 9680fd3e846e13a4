// The console's job openings against the test database, through its API handlers and its server actions:
// create, edit with versions (a stale one is a 409 naming the newer version), duplicate, publish, close
// and delete with the password; each change audited in its own transaction, each refusal changing
// nothing and auditing nothing; the public list, API, sitemap and JSON-LD showing published openings only,
// and a closed one answering 410.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";

const revalidateTag = vi.hoisted(() => vi.fn());
vi.mock("next/cache", async (importOriginal) => ({ ...(await importOriginal<typeof import("next/cache")>()), revalidateTag }));
vi.mock("next/server", async (importOriginal) => ({ ...(await importOriginal<typeof import("next/server")>()), connection: async () => {} }));

import { actionRequest, form, redirectOf, sendCookie } from "../helpers/server-action";
import * as listRoute from "../../app/api/ops/job-openings/route";
import * as oneRoute from "../../app/api/ops/job-openings/[jobId]/route";
import * as duplicateRoute from "../../app/api/ops/job-openings/[jobId]/duplicate/route";
import * as publishRoute from "../../app/api/ops/job-openings/[jobId]/publish/route";
import * as closeRoute from "../../app/api/ops/job-openings/[jobId]/close/route";
import * as deleteRoute from "../../app/api/ops/job-openings/[jobId]/delete/route";
import * as previewRoute from "../../app/api/ops/job-openings/preview/route";
import { GET as publicList } from "../../app/api/job-openings/route";
import { GET as publicOne } from "../../app/api/job-openings/[jobId]/route";
import { routeHandlerGet, sitemapUrls } from "../helpers/sitemap";
import JobOpeningPage from "../../app/[locale]/(marketing)/job-openings/[jobId]/page";
import { proxy } from "../../proxy";
import { NextRequest } from "next/server";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { hashPassword } from "../../lib/auth/passwords";
import { isClosedOpening } from "../../lib/careers/closed";
import { getJobOpening, listJobOpeningSummaries } from "../../lib/careers/queries";
import { todayInAmsterdam } from "../../lib/requests/schemas";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { amsterdamDay, apiRequest, createSignedInUser, routeContext, sessionCookieFor } from "../helpers/session";

const PASSWORD = "correct horse battery staple 42";

type Operator = { id: string; email: string; cookie: string };

async function createOperator(email = `ops-${randomUUID()}@example.test`): Promise<Operator> {
  const db = await getDb();
  const user = await db.user.create({ data: { email, passwordHash: await hashPassword(PASSWORD), role: "operator" }, select: { id: true, email: true } });
  return { ...user, cookie: await sessionCookieFor(user) };
}

function draft(overrides: Record<string, unknown> = {}): Record<string, unknown> & { job_id: string; role: string; closes_on?: string } {
  return {
    job_id: `plumber-${randomUUID().slice(0, 8)}`,
    department: "Operations",
    role: "Senior plumber",
    location: "Rotterdam",
    start_date: amsterdamDay(30),
    description: "Lead our plumbing jobs in Rotterdam.",
    about: "Fixwell matches homeowners with handymen.",
    overview: "You take the hard plumbing jobs.",
    content_format: "html",
    requirements: "<p>Ten years of pipes</p>",
    benefits: "<ul><li>A van</li></ul>",
    interview_time: "Two talks of an hour.",
    apply: "Mail jobs@fixwell.example",
    ...overrides,
  } as Record<string, unknown> & { job_id: string; role: string; closes_on?: string };
}

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

async function call<P extends Record<string, string>>(handler: Handler<P>, method: string, path: string, options: { cookie?: string; body?: unknown; params?: P } = {}) {
  const response = await handler(apiRequest(method, path, { cookie: options.cookie, body: options.body }), routeContext(options.params ?? ({} as P)));
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown> & { error?: { code: string; message: string; issues?: { path: string; message: string }[] } }) : {} };
}

const api = {
  list: (op: Operator) => call(listRoute.GET, "GET", "/api/ops/job-openings", { cookie: op.cookie }),
  create: (op: Operator, body: unknown) => call(listRoute.POST, "POST", "/api/ops/job-openings", { cookie: op.cookie, body }),
  get: (op: Operator, jobId: string) => call(oneRoute.GET, "GET", `/api/ops/job-openings/${jobId}`, { cookie: op.cookie, params: { jobId } }),
  update: (op: Operator, jobId: string, body: unknown) => call(oneRoute.PUT, "PUT", `/api/ops/job-openings/${jobId}`, { cookie: op.cookie, body, params: { jobId } }),
  duplicate: (op: Operator, jobId: string, body: unknown = {}) => call(duplicateRoute.POST, "POST", `/api/ops/job-openings/${jobId}/duplicate`, { cookie: op.cookie, body, params: { jobId } }),
  publish: (op: Operator, jobId: string, body: unknown = {}) => call(publishRoute.POST, "POST", `/api/ops/job-openings/${jobId}/publish`, { cookie: op.cookie, body, params: { jobId } }),
  close: (op: Operator, jobId: string, body: unknown) => call(closeRoute.POST, "POST", `/api/ops/job-openings/${jobId}/close`, { cookie: op.cookie, body, params: { jobId } }),
  remove: (op: Operator, jobId: string, body: unknown) => call(deleteRoute.POST, "POST", `/api/ops/job-openings/${jobId}/delete`, { cookie: op.cookie, body, params: { jobId } }),
  removeByDelete: (op: Operator, jobId: string, body: unknown) => call(oneRoute.DELETE, "DELETE", `/api/ops/job-openings/${jobId}`, { cookie: op.cookie, body, params: { jobId } }),
  preview: (op: Operator, body: unknown) => call(previewRoute.POST, "POST", "/api/ops/job-openings/preview", { cookie: op.cookie, body }),
};

async function auditOf(targetId: string) {
  return (await getDb()).auditEntry.findMany({ where: { targetId }, orderBy: { id: "asc" }, select: { action: true, actorId: true, before: true, after: true } });
}

/** Runs a refused change and checks that nothing at all was written and nothing revalidated. */
type ErrorBody = { error?: { code: string; message: string; issues?: { path: string; message: string }[] } };

async function expectRefused(run: () => Promise<{ status: number; body: ErrorBody }>, status: number) {
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

describe("who may use the console's job openings API", () => {
  it("answers 404 with the error shape to visitors, homeowners and handymen, and writes nothing", async () => {
    const homeowner = await createSignedInUser();
    const handyman = await createSignedInUser();
    await (await getDb()).user.update({ where: { id: handyman.id }, data: { role: "handyman" } });
    for (const cookie of [undefined, homeowner.cookie, handyman.cookie]) {
      const outsider = { id: "", email: "", cookie: cookie ?? "" };
      await expectRefused(() => api.create(outsider, draft()), 404);
      await expectRefused(() => api.list(outsider), 404);
      await expectRefused(() => api.preview(outsider, { format: "html", requirements: "<p>x</p>", benefits: "" }), 404);
    }
  });
});

describe("create", () => {
  it("stores a draft, audits it and expires the public cache; the draft is not public", async () => {
    const body = draft();
    const created = await api.create(operator, body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ job_id: body.job_id, status: "draft", version: 1, requirements: "<p>Ten years of pipes</p>" });
    expect(revalidateTag).toHaveBeenCalledWith("job-openings", { expire: 0 });
    const audit = await auditOf(body.job_id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "job_opening.create", actorId: operator.id, before: null });
    expect(audit[0].after).toMatchObject({ jobId: body.job_id, status: "draft" });

    expect((await listJobOpeningSummaries()).map((o) => o.jobId)).not.toContain(body.job_id);
    expect(await getJobOpening(body.job_id)).toBeNull();
    const one = await publicOne(apiRequest("GET", `/api/job-openings/${body.job_id}`), routeContext({ jobId: body.job_id }));
    expect(one.status).toBe(404);
  });

  it("stores Markdown as sanitised HTML for the public, with the source beside it", async () => {
    const body = draft({ content_format: "markdown", requirements: "- **Pipes**\n- [jobs](javascript:alert(1))", benefits: "A *van*<script>x</script>" });
    const created = await api.create(operator, body);
    expect(created.status).toBe(201);
    const row = await (await getDb()).jobOpening.findUniqueOrThrow({ where: { jobId: body.job_id } });
    expect(row.contentFormat).toBe("markdown");
    expect(row.requirements).toBe("<ul>\n<li><strong>Pipes</strong></li>\n<li>jobs</li>\n</ul>");
    expect(row.requirementsSource).toBe(body.requirements);
    expect(row.benefits).toBe("<p>A <em>van</em></p>");
    expect(row.benefitsSource).toBe(body.benefits);
  });

  it("refuses a taken job id with 409", async () => {
    const existing = await (await getDb()).jobOpening.findFirstOrThrow({ select: { jobId: true } });
    const outcome = await expectRefused(() => api.create(operator, draft({ job_id: existing.jobId })), 409);
    expect(outcome.body.error?.message).toContain(existing.jobId);
  });

  it.each([
    ["a start date in the past", { start_date: amsterdamDay(-1) }, "start_date"],
    ["an unknown department", { department: "Sales" }, "department"],
    ["a role that is too long", { role: "r".repeat(121) }, "role"],
    ["a malformed job id", { job_id: "Not A Slug" }, "job_id"],
    ["a reserved job id", { job_id: "new" }, "job_id"],
    ["a missing field", { apply: undefined }, "apply"],
    ["HTML that is nothing but script", { requirements: "<script>alert(1)</script>" }, "requirements"],
    ["a closing date in the past", { closes_on: amsterdamDay(-3) }, "closes_on"],
    ["a NUL in the text", { about: "About\u0000us" }, "about"],
    ["a control character in a one-line field", { role: "Plumber\u001b[2J" }, "role"],
    ["broken Unicode in rich text", { requirements: "<p>\ud800</p>" }, "requirements"],
  ])("refuses %s with 400 naming the field", async (_what, overrides, field) => {
    const outcome = await expectRefused(() => api.create(operator, draft(overrides)), 400);
    expect(outcome.body.error?.issues?.map((issue) => issue.path)).toContain(field);
  });

  it("says plainly why HTML that is nothing but script is refused", async () => {
    const outcome = await api.create(operator, draft({ benefits: "<script>alert(1)</script>" }));
    expect(outcome.body.error?.message).toMatch(/Nothing readable is left of the benefits .*removed <script> element/);
  });

  it("refuses a 1 MB description with 413 and writes nothing", async () => {
    await expectRefused(() => api.create(operator, draft({ description: "x".repeat(1024 * 1024) })), 413);
  });

  it("accepts today as the start date", async () => {
    expect((await api.create(operator, draft({ start_date: todayInAmsterdam() }))).status).toBe(201);
  });
});

describe("edit", () => {
  it("saves from the current version, bumps it and audits before and after", async () => {
    const body = draft();
    await api.create(operator, body);
    revalidateTag.mockClear();
    const saved = await api.update(operator, body.job_id, { ...draft({ role: "Lead plumber" }), version: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ role: "Lead plumber", version: 2 });
    expect(revalidateTag).toHaveBeenCalledWith("job-openings", { expire: 0 });
    const audit = await auditOf(body.job_id);
    expect(audit.map((entry) => entry.action)).toEqual(["job_opening.create", "job_opening.update"]);
    expect(audit[1].before).toMatchObject({ role: "Senior plumber", version: 1 });
    expect(audit[1].after).toMatchObject({ role: "Lead plumber", version: 2 });
  });

  it("refuses a stale version with 409 naming the newer version and its page, never overwriting it", async () => {
    const body = draft();
    await api.create(operator, body);
    const rival = await createOperator();
    expect((await api.update(rival, body.job_id, { ...draft({ role: "Rival's role" }), version: 1 })).status).toBe(200);
    const outcome = await expectRefused(() => api.update(operator, body.job_id, { ...draft({ role: "Mine" }), version: 1 }), 409);
    expect(outcome.body.error?.code).toBe("conflict");
    expect(outcome.body.error?.message).toContain("version 2");
    expect(outcome.body.error?.message).toContain(`/ops/job-openings/${body.job_id}`);
    expect(outcome.body.error?.issues).toEqual([{ path: "version", message: `Version 2 is the current one: /ops/job-openings/${body.job_id}` }]);
    expect((await api.get(operator, body.job_id)).body).toMatchObject({ role: "Rival's role", version: 2 });
  });

  it("lets exactly one of two simultaneous saves of the same version through", async () => {
    const body = draft();
    await api.create(operator, body);
    const rival = await createOperator();
    const outcomes = await Promise.all([
      api.update(operator, body.job_id, { ...draft({ role: "One" }), version: 1 }),
      api.update(rival, body.job_id, { ...draft({ role: "Two" }), version: 1 }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([200, 409]);
    expect((await auditOf(body.job_id)).filter((entry) => entry.action === "job_opening.update")).toHaveLength(1);
  });

  it("keeps a past start date that is not changed, but refuses setting one", async () => {
    const [seeded] = await (await getDb()).jobOpening.findMany({ take: 1, orderBy: { jobId: "asc" } });
    await (await getDb()).jobOpening.update({ where: { jobId: seeded.jobId }, data: { startDate: new Date("2020-01-01T00:00:00Z") } });
    const current = (await api.get(operator, seeded.jobId)).body;
    const fields = { ...current, version: current.version, role: "Renamed" };
    expect((await api.update(operator, seeded.jobId, fields)).status).toBe(200);
    await expectRefused(() => api.update(operator, seeded.jobId, { ...fields, version: (current.version as number) + 1, start_date: "2020-01-02" }), 400);
  });

  it("answers 404 for an unknown or deleted opening, and a version missing is 400", async () => {
    await expectRefused(() => api.update(operator, "no-such-opening", { ...draft(), version: 1 }), 404);
    await expectRefused(() => api.update(operator, "Not a slug!", { ...draft(), version: 1 }), 404);
    const body = draft();
    await api.create(operator, body);
    await expectRefused(() => api.update(operator, body.job_id, draft()), 400);
    expect((await api.remove(operator, body.job_id, { password: PASSWORD })).status).toBe(200);
    await expectRefused(() => api.update(operator, body.job_id, { ...draft(), version: 1 }), 404);
  });
});

describe("duplicate", () => {
  it("makes a new draft <id>-copy, then <id>-copy-2, audited", async () => {
    const body = draft();
    await api.create(operator, body);
    const first = await api.duplicate(operator, body.job_id);
    const second = await api.duplicate(operator, body.job_id, { version: 1 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ job_id: `${body.job_id}-copy`, status: "draft", version: 1, role: body.role });
    expect(second.body).toMatchObject({ job_id: `${body.job_id}-copy-2` });
    expect((await auditOf(`${body.job_id}-copy`)).map((e) => e.action)).toEqual(["job_opening.duplicate"]);
  });

  it("refuses an unknown opening and a stale version", async () => {
    await expectRefused(() => api.duplicate(operator, "no-such-opening"), 404);
    const body = draft();
    await api.create(operator, body);
    await expectRefused(() => api.duplicate(operator, body.job_id, { version: 7 }), 409);
  });
});

describe("publish, close and delete", () => {
  it("takes an opening through its life, each step audited and public at once", async () => {
    const body = draft({ closes_on: amsterdamDay(20) });
    await api.create(operator, body);

    const published = await api.publish(operator, body.job_id, { version: 1 });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: "published", version: 2 });
    expect(published.body.published_at).toEqual(expect.any(String));
    expect((await listJobOpeningSummaries()).map((o) => o.jobId)).toContain(body.job_id);
    const listed = (await (await publicList(apiRequest("GET", "/api/job-openings"), routeContext())).json()) as { job_id: string }[];
    expect(listed.map((o) => o.job_id)).toContain(body.job_id);
    expect((await sitemapUrls(routeHandlerGet)).some((url) => url.endsWith(`/job-openings/${body.job_id}`))).toBe(true);
    expect((await getJobOpening(body.job_id))?.closesOn).toBe(body.closes_on);
    expect((await proxy(new NextRequest(`http://localhost:3000/job-openings/${body.job_id}`))).status).toBe(200);
    const liveHtml = renderToStaticMarkup((await JobOpeningPage({ params: Promise.resolve({ jobId: body.job_id }) })) as ReactElement);
    expect(liveHtml).toContain(`"validThrough":"${body.closes_on}"`);

    await expectRefused(() => api.publish(operator, body.job_id), 409);
    await expectRefused(() => api.remove(operator, body.job_id, { password: PASSWORD }), 409);
    await expectRefused(() => api.close(operator, body.job_id, { password: "wrong password" }), 403);
    await expectRefused(() => api.close(operator, body.job_id, {}), 403);

    const closed = await api.close(operator, body.job_id, { password: PASSWORD, version: 2 });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: "closed", version: 3 });
    expect((await listJobOpeningSummaries()).map((o) => o.jobId)).not.toContain(body.job_id);
    expect((await sitemapUrls(routeHandlerGet)).some((url) => url.endsWith(`/job-openings/${body.job_id}`))).toBe(false);
    const gone = await publicOne(apiRequest("GET", `/api/job-openings/${body.job_id}`), routeContext({ jobId: body.job_id }));
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { error: { code: string } }).error.code).toBe("gone");
    expect(await isClosedOpening(body.job_id)).toBe(true);
    // The proxy lets the page's request through with 410; the page says the opening has closed.
    const proxied = await proxy(new NextRequest(`http://localhost:3000/job-openings/${body.job_id}`));
    expect(proxied.status).toBe(410);
    expect(proxied.headers.get("x-middleware-next")).toBe("1");
    // The Dutch page too.
    const proxiedDutch = await proxy(new NextRequest(`http://localhost:3000/nl/job-openings/${body.job_id}`));
    expect(proxiedDutch.status).toBe(410);
    // Its policy comes with the page from the cache (lib/cache/page-cache-handler.mjs), none from the proxy.
    expect(proxied.headers.get("content-security-policy")).toBeNull();
    const closedHtml = renderToStaticMarkup((await JobOpeningPage({ params: Promise.resolve({ jobId: body.job_id }) })) as ReactElement);
    expect(closedHtml).toContain("This job opening has closed");
    expect(closedHtml).not.toContain("application/ld+json");
    expect(closedHtml).not.toContain(body.role);
    await expectRefused(() => api.close(operator, body.job_id, { password: PASSWORD }), 409);

    const republished = await api.publish(operator, body.job_id);
    expect(republished.body).toMatchObject({ status: "published", version: 4, closed_at: null });
    expect(await isClosedOpening(body.job_id)).toBe(false);
    await api.close(operator, body.job_id, { password: PASSWORD });

    await expectRefused(() => api.removeByDelete(operator, body.job_id, { password: "nope" }), 403);
    const removed = await api.removeByDelete(operator, body.job_id, { password: PASSWORD });
    expect(removed.status).toBe(200);
    expect(await (await getDb()).jobOpening.findUnique({ where: { jobId: body.job_id } })).toBeNull();
    const gone404 = await publicOne(apiRequest("GET", `/api/job-openings/${body.job_id}`), routeContext({ jobId: body.job_id }));
    expect(gone404.status).toBe(404);

    const audit = await auditOf(body.job_id);
    expect(audit.map((entry) => entry.action)).toEqual([
      "job_opening.create",
      "job_opening.publish",
      "job_opening.close",
      "job_opening.publish",
      "job_opening.close",
      "job_opening.delete",
    ]);
    expect(audit.at(-1)).toMatchObject({ after: null });
    expect(audit.at(-1)?.before).toMatchObject({ jobId: body.job_id, status: "closed" });
  });

  it("deletes a draft with the password; refuses a draft's close and unknown ids", async () => {
    const body = draft();
    await api.create(operator, body);
    await expectRefused(() => api.close(operator, body.job_id, { password: PASSWORD }), 409);
    await expectRefused(() => api.publish(operator, "no-such-opening"), 404);
    await expectRefused(() => api.close(operator, "no-such-opening", { password: PASSWORD }), 404);
    await expectRefused(() => api.remove(operator, "no-such-opening", { password: PASSWORD }), 404);
    await expectRefused(() => api.remove(operator, body.job_id, { password: PASSWORD, version: 3 }), 409);
    expect((await api.remove(operator, body.job_id, { password: PASSWORD, version: 1 })).status).toBe(200);
  });

  it("keeps the seeded openings public and lists every opening for operators with its status", async () => {
    const body = draft();
    await api.create(operator, body);
    const listed = await api.list(operator);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("no-store");
    const rows = listed.body as unknown as { job_id: string; status: string }[];
    expect(rows.find((row) => row.job_id === body.job_id)?.status).toBe("draft");
    expect(rows.filter((row) => row.status === "published").length).toBe((await listJobOpeningSummaries()).length);
  });
});

describe("preview", () => {
  it("shows what the public page would show and what was removed, writing nothing", async () => {
    const before = await snapshotTables();
    const outcome = await api.preview(operator, {
      format: "html",
      requirements: `<p>ok</p><script>alert(1)</script><a href="javascript:x" onclick="y">z</a>`,
      benefits: "",
    });
    expect(outcome.status).toBe(200);
    expect(outcome.body).toEqual({
      requirements: { html: "<p>ok</p>z", removed: ["removed <script> element", "removed onclick attribute from <a>", "removed link javascript:x"] },
      benefits: { html: "", removed: [] },
    });
    expect(await snapshotTables()).toBe(before);
  });

  it("renders Markdown, and refuses an unknown format", async () => {
    const outcome = await api.preview(operator, { format: "markdown", requirements: "**bold**", benefits: "- a" });
    expect(outcome.body).toMatchObject({ requirements: { html: "<p><strong>bold</strong></p>" }, benefits: { html: "<ul>\n<li>a</li>\n</ul>" } });
    expect((await api.preview(operator, { format: "rtf", requirements: "", benefits: "" })).status).toBe(400);
  });
});

describe("the console's server actions", () => {
  async function actions() {
    return import("../../lib/careers/console-actions");
  }

  beforeEach(() => {
    actionRequest.jar.clear();
    actionRequest.headers = new Headers();
    sendCookie(operator.cookie.split(";")[0]);
  });

  it("creates a draft and leads to its page; a conflict comes back with the newer version's link and the typed values", async () => {
    const { createOpeningAction, saveOpeningAction } = await actions();
    const body = draft();
    const fields = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
    expect(await redirectOf(createOpeningAction({ message: null, fieldErrors: {} }, form(fields)))).toBe(`/ops/job-openings/${body.job_id}?notice=opening-created`);

    const rival = await createOperator();
    expect((await api.update(rival, body.job_id, { ...body, role: "Rival", version: 1 })).status).toBe(200);
    const before = await snapshotTables();
    const state = await saveOpeningAction({ message: null, fieldErrors: {} }, form({ ...fields, role: "Mine", version: "1" }));
    expect(state.conflict).toEqual({ version: 2, path: `/ops/job-openings/${body.job_id}` });
    expect(state.values?.role).toBe("Mine");
    expect(state.next).toBeUndefined();
    expect(await snapshotTables()).toBe(before);
  });

  it("leads on by a redirect even when the page's script made the post (an in-page refresh would take the form away)", async () => {
    const { publishOpeningAction, duplicateOpeningAction } = await actions();
    const body = draft();
    await api.create(operator, body);
    expect(await redirectOf(publishOpeningAction({ message: null, fieldErrors: {} }, form({ job_id: body.job_id, version: "1", in_page: "1" })))).toBe(
      `/ops/job-openings/${body.job_id}?notice=opening-published`,
    );
    expect(await redirectOf(duplicateOpeningAction({ message: null, fieldErrors: {} }, form({ job_id: body.job_id, in_page: "1" })))).toBe(
      `/ops/job-openings/${body.job_id}-copy?notice=opening-duplicated`,
    );
    const refused = await publishOpeningAction({ message: null, fieldErrors: {} }, form({ job_id: body.job_id, in_page: "1" }));
    expect(refused.message).toBe("This opening is already published.");
  });

  it("previews without saving, through the same action as Save", async () => {
    const { createOpeningAction } = await actions();
    const before = await snapshotTables();
    const state = await createOpeningAction(
      { message: null, fieldErrors: {} },
      form({ intent: "preview", content_format: "html", requirements: "<p>a</p><script>x</script>", benefits: "<p>b</p>" }),
    );
    expect(state.preview?.requirements).toEqual({ html: "<p>a</p>", removed: ["removed <script> element"] });
    expect(state.values?.requirements).toBe("<p>a</p><script>x</script>");
    expect(await snapshotTables()).toBe(before);
  });

  it("closes only with the password, answering a wrong one in the form", async () => {
    const { closeOpeningAction } = await actions();
    const body = draft();
    await api.create(operator, body);
    await api.publish(operator, body.job_id);
    const before = await snapshotTables();
    const refused = await closeOpeningAction({ message: null, fieldErrors: {} }, form({ job_id: body.job_id, version: "2", password: "wrong" }));
    expect(refused.fieldErrors.password).toMatch(/password/);
    expect(await snapshotTables()).toBe(before);
    expect(await redirectOf(closeOpeningAction({ message: null, fieldErrors: {} }, form({ job_id: body.job_id, version: "2", password: PASSWORD })))).toBe(
      `/ops/job-openings/${body.job_id}?notice=opening-closed`,
    );
  });

  it("answers anyone but an operator with the 404", async () => {
    const { publishOpeningAction } = await actions();
    const homeowner = await createSignedInUser();
    sendCookie(homeowner.cookie.split(";")[0]);
    const before = await snapshotTables();
    await expect(publishOpeningAction({ message: null, fieldErrors: {} }, form({ job_id: "x" }))).rejects.toThrow();
    expect(await snapshotTables()).toBe(before);
  });
});
