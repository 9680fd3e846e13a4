// The requests overview of the operator console, through its API handlers and server action against a
// real database and a real SMTP server: filters (bad values are a clear 400, never a 500) and counts per
// state; the detail view with its timeline, which writes nothing (page or API) and shows the homeowner's
// address only on a POST ("Show email"), each one in the audit log; and cancelling on the homeowner's behalf, which mails them the reason, is
// audited, and is refused with 409 once the request is done. Every refusal changes nothing.
import { describe, expect, it } from "vitest";
import { actionRequest, form, redirectOf } from "../helpers/server-action";
import * as listRoute from "../../app/api/ops/requests/route";
import * as detailRoute from "../../app/api/ops/requests/[requestId]/route";
import * as cancelRoute from "../../app/api/ops/requests/[requestId]/cancel/route";
import * as emailRoute from "../../app/api/ops/requests/[requestId]/homeowner-email/route";
import { getDb, snapshotTables } from "../helpers/db";
import { elementTreeText } from "../helpers/element-tree";
import { chooseCriterion, createSignedInHandyman, openOfferOf, storedLife, submitRequest } from "../helpers/marketplace";
import { createSignedInOperator, OPERATOR_PASSWORD } from "../helpers/ops";
import { apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";
import { linkIn, waitForMailTo, withMailWorker } from "../helpers/smtp";

const { cancelForHomeownerAction, filterRequestsAction, showHomeownerEmailAction } = await import("@/lib/ops/requests-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { getRequestDetailsOrThrow } = await import("@/lib/requests/details");
const workflow = await import("@/lib/requests/workflow");

const mail = withMailWorker();

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const PAINT = { taskType: "Painting", city: "Amsterdam" } as const;

type Overview = { rows: { id: string; state: string; city: string; taskType: string }[]; total: number; counts: Record<string, number> };

async function overview(operator: TestUser, query = ""): Promise<Response> {
  return listRoute.GET(apiRequest("GET", `/api/ops/requests${query}`, { cookie: operator.cookie }), routeContext());
}

async function list(operator: TestUser, query = ""): Promise<Overview> {
  const response = await overview(operator, query);
  expect(response.status, query).toBe(200);
  return (await response.json()) as Overview;
}

const detail = (operator: TestUser, id: string) =>
  detailRoute.GET(apiRequest("GET", `/api/ops/requests/${id}`, { cookie: operator.cookie }), routeContext({ requestId: id }));

const revealEmail = (operator: TestUser, id: string) =>
  emailRoute.POST(apiRequest("POST", `/api/ops/requests/${id}/homeowner-email`, { cookie: operator.cookie }), routeContext({ requestId: id }));

const cancel = (operator: TestUser, id: string, body: unknown) =>
  cancelRoute.POST(apiRequest("POST", `/api/ops/requests/${id}/cancel`, { cookie: operator.cookie, body }), routeContext({ requestId: id }));

/** Three requests: a leak offered to Nina, a leak still without a criterion, a painting job; one of them sent "yesterday". */
async function scene() {
  const operator = await createSignedInOperator();
  const owner = await createSignedInUser("owner@example.test");
  const nina = await createSignedInHandyman(18, "nina@example.test");
  const offered = await submitRequest(owner, LEAK);
  expect((await chooseCriterion(owner, offered, "price", LEAK)).status).toBe(200);
  const fresh = await submitRequest(owner, LEAK);
  const painting = await submitRequest(owner, PAINT);
  await (await getDb()).repairRequest.update({ where: { id: painting }, data: { createdAt: new Date("2026-03-10T12:00:00Z") } });
  return { operator, owner, nina, offered, fresh, painting };
}

describe("the overview", () => {
  it("lists every request newest first with counts per state, and no homeowner's address", async () => {
    const { operator, offered, fresh, painting } = await scene();
    const all = await list(operator);
    expect(all.rows.map((r) => r.id)).toEqual([fresh, offered, painting]);
    expect(all.total).toBe(3);
    expect(all.counts).toMatchObject({ offered: 1, submitted: 2, cancelled: 0, done: 0 });
    expect(JSON.stringify(all)).not.toContain("owner@example.test");
  });

  it("filters by state, city, trade and the days it was sent; the counts follow every filter but the state", async () => {
    const { operator, offered, fresh, painting } = await scene();
    expect((await list(operator, "?state=offered")).rows.map((r) => r.id)).toEqual([offered]);
    const submitted = await list(operator, "?state=submitted");
    expect(submitted.rows.map((r) => r.id)).toEqual([fresh, painting]);
    expect(submitted.counts).toMatchObject({ offered: 1, submitted: 2 });
    expect((await list(operator, "?city=Amsterdam")).rows.map((r) => r.id)).toEqual([painting]);
    expect((await list(operator, "?taskType=Pipe-leakage")).counts).toMatchObject({ offered: 1, submitted: 1 });
    expect((await list(operator, "?from=2026-03-10&to=2026-03-10")).rows.map((r) => r.id)).toEqual([painting]);
    expect((await list(operator, "?to=2026-03-09")).rows).toEqual([]);
    expect((await list(operator, "?from=2026-03-11")).rows.map((r) => r.id)).toEqual([fresh, offered]);
    expect((await list(operator, "?state=&city=&taskType=&from=&to=")).total).toBe(3);
    expect((await list(operator, "?state=cancelled")).rows).toEqual([]);
  });

  it.each([
    ["?state=lost", "state"],
    ["?city=Utrecht", "city"],
    ["?taskType=Roofing", "taskType"],
    ["?from=2026-02-30", "from"],
    ["?to=yesterday", "to"],
    ["?from=2026-03-12&to=2026-03-10", "to"],
    ["?state=offered&state=done", "state"],
  ])("refuses %s with a 400 that names the filter", async (query, field) => {
    const operator = await createSignedInOperator();
    const response = await overview(operator, query);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string; issues: { path: string; message: string }[] } };
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.issues.map((i) => i.path)).toContain(field);
  });
});

describe("the overview's filter form", () => {
  it("is posted and leads on to the overview with the chosen filters in the address, empty ones left out", async () => {
    const operator = await createSignedInOperator();
    actionRequest.headers = new Headers({ cookie: operator.cookie });
    const chosen = form({ state: "submitted", city: "", taskType: "Painting", from: " 2026-11-01 ", to: "" });
    expect(await redirectOf(filterRequestsAction(chosen))).toBe("/ops/requests?state=submitted&taskType=Painting&from=2026-11-01");
    expect(await redirectOf(filterRequestsAction(form({})))).toBe("/ops/requests");
  });
});

describe("the detail view", () => {
  it("shows the timeline and the offers, names the homeowner by id only, and writes nothing", async () => {
    const { operator, offered, owner } = await scene();
    const before = await snapshotTables();
    const response = await detail(operator, offered);
    expect(response.status).toBe(200);
    const { request } = (await response.json()) as { request: Record<string, unknown> & { timeline: { action: string }[]; offers: { handyman: { id: number }; status: string }[] } };
    expect(request).toMatchObject({ id: offered, state: "offered", homeownerId: owner.id, handyman: "Nina", cancellable: true });
    expect(JSON.stringify(request)).not.toContain(owner.email);
    expect(request.timeline.map((e) => e.action)).toEqual(["offer"]);
    expect(request.offers).toMatchObject([{ handyman: { id: 18 }, status: "open" }]);
    await detail(operator, offered);
    expect(await snapshotTables()).toBe(before);
  });

  it("renders the detail page without writing anything and without the homeowner's address", async () => {
    const { operator, offered, owner } = await scene();
    actionRequest.headers = new Headers({ cookie: operator.cookie });
    const { default: OpsRequestPage } = await import("@/app/[locale]/ops/requests/[requestId]/page");
    const before = await snapshotTables();
    const page = elementTreeText(await OpsRequestPage({ params: Promise.resolve({ requestId: offered }) }));
    expect(page).toContain("<ShowEmailForm>");
    expect(page).toContain(offered);
    expect(page).not.toContain(owner.email);
    expect(await snapshotTables()).toBe(before);
  });

  it("reveals the homeowner's address on a POST, and logs each look by account id", async () => {
    const { operator, offered, owner } = await scene();
    const count = await (await getDb()).auditEntry.count();
    const response = await revealEmail(operator, offered);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ requestId: offered, homeownerId: owner.id, email: "owner@example.test" });
    await revealEmail(operator, offered);
    const entries = await (await getDb()).auditEntry.findMany({ where: { targetType: "request", targetId: offered } });
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ action: "view_homeowner_email", actorId: operator.id, after: { homeownerId: owner.id } });
    expect(JSON.stringify(entries.map((entry) => ({ ...entry, id: String(entry.id) })))).not.toContain(owner.email);
    expect(await (await getDb()).auditEntry.count()).toBe(count + 2);
  });

  it("reveals it from the page's \"Show email\" form, audited; a stranger's post is the console's 404", async () => {
    const { operator, offered, owner } = await scene();
    actionRequest.headers = new Headers({ cookie: operator.cookie });
    expect(await showHomeownerEmailAction({ fieldErrors: {}, message: null }, form({ request_id: offered }))).toMatchObject({ email: owner.email, message: null });
    expect(await (await getDb()).auditEntry.count({ where: { action: "view_homeowner_email", targetId: offered } })).toBe(1);
    const refused = await showHomeownerEmailAction({ fieldErrors: {}, message: null }, form({ request_id: "nope" }));
    expect(refused).toMatchObject({ message: "That request was not found." });
    expect(refused.email).toBeUndefined();
    actionRequest.headers = new Headers({ cookie: owner.cookie });
    await expect(showHomeownerEmailAction({ fieldErrors: {}, message: null }, form({ request_id: offered }))).rejects.toThrow("NEXT_NOT_FOUND");
    expect(await (await getDb()).auditEntry.count({ where: { action: "view_homeowner_email" } })).toBe(1);
  });

  it("answers an unknown or malformed id with 404 and logs nothing", async () => {
    const operator = await createSignedInOperator();
    const before = await snapshotTables();
    for (const id of ["00000000-0000-4000-8000-000000000001", "not-a-uuid", "1"]) {
      expect((await detail(operator, id)).status, id).toBe(404);
      expect((await revealEmail(operator, id)).status, id).toBe(404);
    }
    expect(await snapshotTables()).toBe(before);
  });
});

describe("cancelling on the homeowner's behalf", () => {
  it("cancels, withdraws the offer, tells the handyman, mails the homeowner the reason, and is audited", async () => {
    const { operator, offered } = await scene();
    const reason = "You phoned us: the leak was fixed by a neighbour.";
    const response = await cancel(operator, offered, { reason, password: OPERATOR_PASSWORD, state: "offered" });
    expect(response.status).toBe(200);
    const life = await storedLife(offered);
    expect(life.state).toBe("cancelled");
    expect(life.offers.map((o) => o.status)).toEqual(["withdrawn"]);
    expect(life.events.at(-1)).toMatchObject({ action: "cancel", actorRole: "operator", actorUserId: operator.id, fromState: "offered", toState: "cancelled", note: reason });

    const toOwner = await waitForMailTo(mail.smtp, "owner@example.test", /We cancelled your/);
    expect(toOwner.parsed.text).toContain(reason);
    expect(toOwner.parsed.html).toContain("neighbour");
    expect(linkIn(toOwner, `/dashboard/orders/${offered}`)).toBeTruthy();
    expect(toOwner.parsed.html).not.toMatch(/<img|utm_/i);
    await waitForMailTo(mail.smtp, "nina@example.test", /Cancelled:/);

    const [entry] = await (await getDb()).auditEntry.findMany({ where: { targetType: "request", targetId: offered, action: "cancel_request" } });
    // The reason is free text about a person: on the timeline, never in the append-only log.
    expect(entry).toMatchObject({ actorId: operator.id, before: { state: "offered" }, after: { state: "cancelled" } });
    expect(JSON.stringify(entry.after)).not.toContain(reason);

    // The homeowner's own timeline says who cancelled.
    const { owner } = { owner: await (await getDb()).user.findUniqueOrThrow({ where: { email: "owner@example.test" } }) };
    const mine = await getRequestDetailsOrThrow({ id: owner.id, email: owner.email } as never, offered);
    expect(mine.timeline.at(-1)).toMatchObject({ title: "Fixwell cancelled the request for you", note: reason });
  });

  it.each<[string, unknown, number]>([
    ["no reason", { password: OPERATOR_PASSWORD }, 400],
    ["a blank reason", { reason: "   ", password: OPERATOR_PASSWORD }, 400],
    ["a reason too long", { reason: "x".repeat(501), password: OPERATOR_PASSWORD }, 400],
    ["a reason with control characters", { reason: "bad\u0000reason", password: OPERATOR_PASSWORD }, 400],
    ["no password", { reason: "The homeowner asked by phone." }, 403],
    ["a wrong password", { reason: "The homeowner asked by phone.", password: "guess" }, 403],
    ["a state the request has left", { reason: "The homeowner asked by phone.", password: OPERATOR_PASSWORD, state: "submitted" }, 409],
    ["an unknown state", { reason: "The homeowner asked by phone.", password: OPERATOR_PASSWORD, state: "gone" }, 400],
  ])("refuses %s, changing and logging nothing", async (_what, body, status) => {
    const { operator, offered } = await scene();
    const before = await snapshotTables();
    const response = await cancel(operator, offered, body);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(await snapshotTables()).toBe(before);
  });

  it("is refused with 409 once the job is done, and for an unknown request with 404", async () => {
    const { operator, offered, nina } = await scene();
    const offer = await openOfferOf(offered);
    await workflow.acceptOffer(nina, offer.id);
    await workflow.markDone(nina, offer.id);
    const before = await snapshotTables();
    const response = await cancel(operator, offered, { reason: "Too late for this.", password: OPERATOR_PASSWORD });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/already done/);
    expect((await cancel(operator, "00000000-0000-4000-8000-000000000001", { reason: "Nothing here.", password: OPERATOR_PASSWORD })).status).toBe(404);
    expect(await snapshotTables()).toBe(before);
  });

  it("works from the detail page's form; a refusal is answered in the form", async () => {
    const { operator, fresh } = await scene();
    actionRequest.headers = new Headers({ cookie: operator.cookie });
    const wrong = await cancelForHomeownerAction(IDLE_STEP, form({ request_id: fresh, state: "submitted", reason: "Asked by phone.", password: "nope", in_page: "1" }));
    expect(wrong.fieldErrors.password).toMatch(/not right/);
    const empty = await cancelForHomeownerAction(IDLE_STEP, form({ request_id: fresh, state: "submitted", reason: "", password: OPERATOR_PASSWORD, in_page: "1" }));
    expect(empty.fieldErrors.reason).toMatch(/reason/);
    const done = cancelForHomeownerAction(IDLE_STEP, form({ request_id: fresh, state: "submitted", reason: "Asked by phone.", password: OPERATOR_PASSWORD }));
    expect(await redirectOf(done)).toBe(`/ops/requests/${fresh}?notice=request-cancelled-for-homeowner`);
    expect((await storedLife(fresh)).state).toBe("cancelled");
  });
});
