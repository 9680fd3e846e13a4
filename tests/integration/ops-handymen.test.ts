// The handymen roster of the operator console, through its API handlers and server actions against a
// real database and a real SMTP server: account states, an invitation whose mailed link sets the
// password, hourly price and trade edits within bounds, suspension (password re-entry; never matched or
// offered again, unanswered offers passed on; the /pro page says so) and its lifting. Every change is in
// the audit log with the record before and after; every refusal changes nothing and logs nothing.
import { describe, expect, it } from "vitest";
import { actionRequest, form, redirectOf } from "../helpers/server-action";
import * as rosterRoute from "../../app/api/ops/handymen/route";
import * as handymanRoute from "../../app/api/ops/handymen/[handymanId]/route";
import * as inviteRoute from "../../app/api/ops/handymen/[handymanId]/invite/route";
import * as suspendRoute from "../../app/api/ops/handymen/[handymanId]/suspend/route";
import * as unsuspendRoute from "../../app/api/ops/handymen/[handymanId]/unsuspend/route";
import { getDb, snapshotTables } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, openOfferOf, storedLife, submitRequest } from "../helpers/marketplace";
import { createSignedInOperator, OPERATOR_PASSWORD } from "../helpers/ops";
import { apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";
import { linkIn, waitForMailTo, withMailWorker } from "../helpers/smtp";

const { inviteHandymanAction, editHandymanAction, suspendHandymanAction, unsuspendHandymanAction } = await import("@/lib/ops/handymen-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { setPasswordWithLink } = await import("@/lib/auth/passwords");
const { verifyPassword } = await import("@/lib/auth/passwords");
const { getProViewOrThrow } = await import("@/lib/handymen/offers");
const { findConfirmationView } = await import("@/lib/requests/details");

const mail = withMailWorker();

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const NEW_PASSWORD = "Copper-kettle-orchard-42";

type Entry = { id: number; accountState: string; hourlyPrice: number; cities: string[]; taskTypes: string[]; rating: number | null; suspended: boolean; email: string | null };

async function roster(operator: TestUser): Promise<Entry[]> {
  const response = await rosterRoute.GET(apiRequest("GET", "/api/ops/handymen", { cookie: operator.cookie }), routeContext());
  expect(response.status).toBe(200);
  return ((await response.json()) as { handymen: Entry[] }).handymen;
}

const call = {
  invite: (operator: TestUser, id: number | string, body: unknown) =>
    inviteRoute.POST(apiRequest("POST", `/api/ops/handymen/${id}/invite`, { cookie: operator.cookie, body }), routeContext({ handymanId: String(id) })),
  edit: (operator: TestUser, id: number | string, body: unknown) =>
    handymanRoute.PATCH(apiRequest("PATCH", `/api/ops/handymen/${id}`, { cookie: operator.cookie, body }), routeContext({ handymanId: String(id) })),
  suspend: (operator: TestUser, id: number | string, body: unknown) =>
    suspendRoute.POST(apiRequest("POST", `/api/ops/handymen/${id}/suspend`, { cookie: operator.cookie, body }), routeContext({ handymanId: String(id) })),
  unsuspend: (operator: TestUser, id: number | string) =>
    unsuspendRoute.POST(apiRequest("POST", `/api/ops/handymen/${id}/unsuspend`, { cookie: operator.cookie }), routeContext({ handymanId: String(id) })),
};

async function auditFor(id: number) {
  return (await getDb()).auditEntry.findMany({ where: { targetType: "handyman", targetId: String(id) }, orderBy: { id: "asc" } });
}

describe("the roster", () => {
  it("shows every handyman with the state of their account: none, invited, active, suspended", async () => {
    const operator = await createSignedInOperator();
    expect(await call.invite(operator, 2, { email: "fenna@example.test" })).toHaveProperty("status", 201);
    await createSignedInHandyman(3, "koen@example.test");
    await (await getDb()).handyman.update({ where: { id: 5 }, data: { suspended: true } });
    const byId = new Map((await roster(operator)).map((h) => [h.id, h]));
    expect(byId.size).toBe(39);
    expect(byId.get(1)).toMatchObject({ accountState: "no_account", email: null, hourlyPrice: 48, taskTypes: ["Outlet-replacement"] });
    expect(byId.get(2)).toMatchObject({ accountState: "invited", email: "fenna@example.test" });
    expect(byId.get(3)).toMatchObject({ accountState: "active", email: "koen@example.test" });
    expect(byId.get(5)).toMatchObject({ accountState: "suspended" });
    const one = await handymanRoute.GET(apiRequest("GET", "/api/ops/handymen/2", { cookie: operator.cookie }), routeContext({ handymanId: "2" }));
    expect(((await one.json()) as { handyman: Entry }).handyman).toMatchObject({ id: 2, accountState: "invited" });
  });

  it("answers an unknown or malformed handyman with 404", async () => {
    const operator = await createSignedInOperator();
    for (const id of ["999", "0", "-1", "1.5", "abc", "99999999999"]) {
      const response = await handymanRoute.GET(apiRequest("GET", `/api/ops/handymen/${id}`, { cookie: operator.cookie }), routeContext({ handymanId: id }));
      expect(response.status, id).toBe(404);
    }
  });
});

describe("inviting a handyman", () => {
  it("mails a set-password link that works: the handyman's password is set and the roster says active; the invitation is audited", async () => {
    const operator = await createSignedInOperator();
    const response = await call.invite(operator, 34, { email: "Lina@Example.test" });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { handyman: Entry }).handyman).toMatchObject({ accountState: "invited", email: "lina@example.test" });

    const invitation = await waitForMailTo(mail.smtp, "lina@example.test", /invited/);
    const link = linkIn(invitation, "/set-password");
    await setPasswordWithLink(link.searchParams.get("token"), NEW_PASSWORD);
    const user = await (await getDb()).user.findUniqueOrThrow({ where: { email: "lina@example.test" } });
    expect(user.role).toBe("handyman");
    expect(await verifyPassword(user.passwordHash, NEW_PASSWORD)).toBe(true);
    expect((await roster(operator)).find((h) => h.id === 34)).toMatchObject({ accountState: "active" });

    const [entry] = await auditFor(34);
    // The log names the invited account by id, never by address.
    expect(entry).toMatchObject({ action: "invite_handyman", actorId: operator.id });
    expect(entry.before).toMatchObject({ accountState: "no_account", userId: null });
    expect(entry.after).toMatchObject({ accountState: "invited", userId: user.id });
    expect(JSON.stringify(entry.after)).not.toContain("lina@example.test");
  });

  it.each<[string, number | string, unknown, number]>([
    ["an address that is not one", 34, { email: "not an email" }, 400],
    ["no address", 34, {}, 400],
    ["an address the mail cannot be sent to", 34, { email: "{nu-+/^g-bh@j.kp" }, 400],
    ["an unknown handyman", 999, { email: "x@example.test" }, 404],
    ["a handyman who already has an account", 18, { email: "again@example.test" }, 409],
    ["an address already in use", 34, { email: "taken@example.test" }, 409],
  ])("refuses %s, changing and logging nothing", async (_what, id, body, status) => {
    const operator = await createSignedInOperator();
    await createSignedInHandyman(18, "nina@example.test");
    await createSignedInUser("taken@example.test");
    const before = await snapshotTables();
    const response = await call.invite(operator, id, body);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(await snapshotTables()).toBe(before);
  });

  it("works from the roster's form: a plain post leads back to the roster with a notice; a refusal is shown in the form", async () => {
    const operator = await createSignedInOperator();
    actionRequest.headers = new Headers({ cookie: operator.cookie });
    expect(await redirectOf(inviteHandymanAction(IDLE_STEP, form({ handyman_id: "25", email: "teun@example.test" })))).toBe("/ops/handymen?notice=handyman-invited");
    const refused = await inviteHandymanAction(IDLE_STEP, form({ handyman_id: "25", email: "teun2@example.test", in_page: "1" }));
    expect(refused).toMatchObject({ message: expect.stringMatching(/already has an account/) });
    const bad = await inviteHandymanAction(IDLE_STEP, form({ handyman_id: "26", email: "nope", in_page: "1" }));
    expect(bad.fieldErrors.email).toBeTruthy();
  });
});

describe("editing the hourly price and trades", () => {
  it("saves a price in euros and cents and a known trade, audited with before and after", async () => {
    const operator = await createSignedInOperator();
    const response = await call.edit(operator, 7, { hourlyPrice: 42.5, taskType: "Pipe-leakage" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { handyman: Entry }).handyman).toMatchObject({ hourlyPrice: 42.5, taskTypes: ["Pipe-leakage"] });
    const row = await (await getDb()).handyman.findUniqueOrThrow({ where: { id: 7 } });
    expect(row).toMatchObject({ hourlyPriceCents: 4250, taskTypes: ["Pipe_leakage"] });
    const [entry] = await auditFor(7);
    expect(entry).toMatchObject({ action: "edit_handyman", before: expect.objectContaining({ hourlyPrice: 35, taskTypes: ["Painting"] }), after: expect.objectContaining({ hourlyPrice: 42.5, taskTypes: ["Pipe-leakage"] }) });
  });

  it("replaces the set of trades, shown with the cities on the roster; the same set in another order is no change", async () => {
    const operator = await createSignedInOperator();
    const response = await call.edit(operator, 7, { taskTypes: ["Pipe-leakage", "Painting"] });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { handyman: Entry }).handyman).toMatchObject({ cities: ["The Hague"], taskTypes: ["Pipe-leakage", "Painting"] });
    expect((await (await getDb()).handyman.findUniqueOrThrow({ where: { id: 7 } })).taskTypes).toEqual(["Pipe_leakage", "Painting"]);
    expect((await roster(operator)).find((h) => h.id === 7)).toMatchObject({ cities: ["The Hague"], taskTypes: ["Pipe-leakage", "Painting"], rating: expect.any(Number) });
    const before = await snapshotTables();
    expect((await call.edit(operator, 7, { taskTypes: ["Painting", "Pipe-leakage"] })).status).toBe(200);
    expect(await snapshotTables()).toBe(before);
  });

  it("saves the form's ticked trades, and refuses a form with none ticked beside the trades", async () => {
    const operator = await createSignedInOperator();
    actionRequest.headers = new Headers({ cookie: operator.cookie });
    const ticked = form({ handyman_id: "7", hourly_price: "35.00", in_page: "1" });
    ticked.append("task_type", "Painting");
    ticked.append("task_type", "Outlet-replacement");
    expect(await editHandymanAction(IDLE_STEP, ticked)).toMatchObject({ message: null, next: "/ops/handymen/7?notice=handyman-saved" });
    expect((await (await getDb()).handyman.findUniqueOrThrow({ where: { id: 7 } })).taskTypes).toEqual(["Outlet_replacement", "Painting"]);
    const before = await snapshotTables();
    const refused = await editHandymanAction(IDLE_STEP, form({ handyman_id: "7", hourly_price: "35.00", in_page: "1" }));
    expect(refused.fieldErrors.taskTypes).toMatch(/one or more of the trades/);
    expect(await snapshotTables()).toBe(before);
  });

  it.each<[string, unknown]>([
    ["below €10", { hourlyPrice: 9.99 }],
    ["above €500", { hourlyPrice: 500.01 }],
    ["a fraction of a cent", { hourlyPrice: 45.555 }],
    ["a price that is text", { hourlyPrice: "lots" }],
    ["a negative price", { hourlyPrice: -40 }],
    ["an unknown trade", { taskType: "Plumbing" }],
    ["no trades", { taskTypes: [] }],
    ["an unknown trade in the set", { taskTypes: ["Painting", "Plumbing"] }],
    ["a trade twice", { taskTypes: ["Painting", "Painting"] }],
    ["trades that are not a list", { taskTypes: "Painting" }],
    ["one trade and a set at once", { taskType: "Painting", taskTypes: ["Painting"] }],
    ["nothing to change", {}],
    ["a body that is not an object", [1, 2]],
  ])("refuses %s with 400, changing and logging nothing", async (_what, body) => {
    const operator = await createSignedInOperator();
    const before = await snapshotTables();
    const response = await call.edit(operator, 7, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: expect.stringMatching(/validation_failed|invalid_json|bad_request/) } });
    expect(await snapshotTables()).toBe(before);
  });

  it("accepts the bounds themselves and a form's comma, and saves an unchanged form as nothing", async () => {
    const operator = await createSignedInOperator();
    expect((await call.edit(operator, 7, { hourlyPrice: 10 })).status).toBe(200);
    expect((await call.edit(operator, 7, { hourlyPrice: 500 })).status).toBe(200);
    actionRequest.headers = new Headers({ cookie: operator.cookie });
    const saved = await editHandymanAction(IDLE_STEP, form({ handyman_id: "7", hourly_price: "45,50", task_type: "Painting", in_page: "1" }));
    expect(saved).toMatchObject({ message: null, next: "/ops/handymen/7?notice=handyman-saved" });
    expect((await (await getDb()).handyman.findUniqueOrThrow({ where: { id: 7 } })).hourlyPriceCents).toBe(4550);
    const entries = (await auditFor(7)).length;
    const before = await snapshotTables();
    await editHandymanAction(IDLE_STEP, form({ handyman_id: "7", hourly_price: "45.50", task_type: "Painting", in_page: "1" }));
    expect(await snapshotTables()).toBe(before);
    expect((await auditFor(7)).length).toBe(entries);
    const refused = await editHandymanAction(IDLE_STEP, form({ handyman_id: "7", hourly_price: "4", task_type: "Painting", in_page: "1" }));
    expect(refused.fieldErrors.hourlyPrice).toMatch(/from €10 to €500/);
  });
});

describe("suspending a handyman", () => {
  it("asks for the operator's password: missing or wrong changes and logs nothing", async () => {
    const operator = await createSignedInOperator();
    const before = await snapshotTables();
    for (const body of [{}, { password: "" }, { password: "not-my-password" }, { password: 12 }]) {
      const response = await call.suspend(operator, 18, body);
      expect(response.status, JSON.stringify(body)).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: "forbidden", issues: [{ path: "password" }] } });
    }
    expect(await snapshotTables()).toBe(before);
  });

  it("passes the handyman's unanswered offer to the next in the ranking, never matches them again, and tells them on /pro", async () => {
    const operator = await createSignedInOperator();
    const owner = await createSignedInUser("owner@example.test");
    const nina = await createSignedInHandyman(18, "nina@example.test");
    const requestId = await submitRequest(owner, LEAK);
    expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
    expect((await openOfferOf(requestId)).handymanId).toBe(18);

    const response = await call.suspend(operator, 18, { password: OPERATOR_PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ handyman: { accountState: "suspended", suspended: true }, movedRequests: [requestId] });

    const life = await storedLife(requestId);
    expect(life.state).toBe("offered");
    expect(life.offers.map((o) => [o.handymanId, o.status])).toEqual([
      [18, "withdrawn"],
      [10, "open"],
    ]);
    expect(life.events.at(-1)).toMatchObject({ action: "reassign", actorRole: "operator", actorUserId: operator.id, fromState: "offered", toState: "offered", handymanId: 10 });
    expect((await waitForMailTo(mail.smtp, "owner@example.test", /went to Hidde/)).parsed.text).toMatch(/Nina can no longer take your pipe leakage job/);

    // A new request, and the confirmation's list: Nina is nowhere.
    const next = await submitRequest(owner, LEAK);
    expect((await chooseCriterion(owner, next, "price", LEAK)).status).toBe(200);
    expect((await openOfferOf(next)).handymanId).toBe(10);
    const view = await findConfirmationView(owner, next);
    expect([...(view?.top ?? []), ...(view?.holder ? [view.holder] : [])].map((h) => h.id)).not.toContain(18);

    // /pro: Nina sees the suspension and no offer.
    const pro = await getProViewOrThrow(nina);
    expect(pro.handyman.suspended).toBe(true);
    expect(pro.offers).toEqual([]);

    const [entry] = await auditFor(18);
    expect(entry).toMatchObject({ action: "suspend_handyman", actorId: operator.id });
    expect(entry.before).toMatchObject({ suspended: false, accountState: "active" });
    expect(entry.after).toMatchObject({ suspended: true, accountState: "suspended", withdrawnOffersOf: [requestId] });

    // A second suspension is refused and changes nothing.
    const before = await snapshotTables();
    expect((await call.suspend(operator, 18, { password: OPERATOR_PASSWORD })).status).toBe(409);
    expect(await snapshotTables()).toBe(before);
  });

  it("leaves a request without a handyman when nobody else is left, and the homeowner hears of it", async () => {
    const operator = await createSignedInOperator();
    const owner = await createSignedInUser("owner@example.test");
    await (await getDb()).handyman.updateMany({ where: { id: { in: [10, 26, 29, 37] } }, data: { suspended: true } });
    const requestId = await submitRequest(owner, LEAK);
    expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
    expect((await call.suspend(operator, 18, { password: OPERATOR_PASSWORD })).status).toBe(200);
    const life = await storedLife(requestId);
    expect(life.state).toBe("unmatched");
    expect(life.offers.map((o) => o.status)).toEqual(["withdrawn"]);
    expect(life.events.at(-1)).toMatchObject({ action: "withdraw", actorRole: "operator", toState: "unmatched" });
    expect((await waitForMailTo(mail.smtp, "owner@example.test", /Nobody could take/)).parsed.text).toMatch(/Nina can no longer take your pipe leakage job in Rotterdam, and nobody else is left/);
  });

  it("keeps a job the handyman already accepted", async () => {
    const operator = await createSignedInOperator();
    const owner = await createSignedInUser("owner@example.test");
    await createSignedInHandyman(18, "nina@example.test");
    const requestId = await submitRequest(owner, LEAK);
    await chooseCriterion(owner, requestId, "price", LEAK);
    const offer = await openOfferOf(requestId);
    await (await getDb()).$transaction([
      (await getDb()).offer.update({ where: { id: offer.id }, data: { status: "accepted", answeredAt: new Date() } }),
      (await getDb()).repairRequest.update({ where: { id: requestId }, data: { state: "accepted" } }),
    ]);
    expect(await (await call.suspend(operator, 18, { password: OPERATOR_PASSWORD })).json()).toMatchObject({ movedRequests: [] });
    expect((await storedLife(requestId)).state).toBe("accepted");
  });

  it("works from the handyman's page, and the suspension can be lifted: matched again, audited", async () => {
    const operator = await createSignedInOperator();
    actionRequest.headers = new Headers({ cookie: operator.cookie });
    const wrong = await suspendHandymanAction(IDLE_STEP, form({ handyman_id: "18", password: "wrong", in_page: "1" }));
    expect(wrong.fieldErrors.password).toMatch(/not right/);
    expect(await redirectOf(suspendHandymanAction(IDLE_STEP, form({ handyman_id: "18", password: OPERATOR_PASSWORD })))).toBe("/ops/handymen/18?notice=handyman-suspended");
    expect(await redirectOf(unsuspendHandymanAction(IDLE_STEP, form({ handyman_id: "18" })))).toBe("/ops/handymen/18?notice=handyman-unsuspended");
    expect((await auditFor(18)).map((e) => e.action)).toEqual(["suspend_handyman", "unsuspend_handyman"]);

    const before = await snapshotTables();
    expect((await call.unsuspend(operator, 18)).status).toBe(409);
    expect(await snapshotTables()).toBe(before);

    const owner = await createSignedInUser("owner@example.test");
    const requestId = await submitRequest(owner, LEAK);
    await chooseCriterion(owner, requestId, "price", LEAK);
    expect((await openOfferOf(requestId)).handymanId).toBe(18);
  });
});
