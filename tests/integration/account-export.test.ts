// "Download my data" holds everything the product keeps about the person, by role, compared with the
// tables themselves: every column that ties a row to a person is either in the export or on the export's
// commented list of what is left out (EXPORT_COVERAGE in lib/account/export.ts); a handyman's export holds
// their offers with the reasons they declined, the reviews about them, their sessions and language; an
// operator's holds their own audit entries; a homeowner's the audit entries about them, and the quotes and
// payments of their requests (with the payments' ledger lines and refunds) in the handyman's shape.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_BILLING } from "../helpers/billing";
import * as exportRoute from "../../app/api/account/export/route";
import * as emailRoute from "../../app/api/ops/requests/[requestId]/homeowner-email/route";
import { getDb, resetDatabase, withSql } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { payAtCheckout, startTestPayments, type TestPayments } from "../helpers/payments";
import { apiRequest, createSignedInUser, routeContext, sessionCookieFor, type TestUser } from "../helpers/session";

const { EXPORT_COVERAGE } = await import("@/lib/account/export");
const { acceptOffer, declineOffer, markDone, reviewRequest } = await import("@/lib/requests/workflow");
const { acceptQuote, declineQuote, sendQuote } = await import("@/lib/quotes/quotes");
const { checkoutOf } = await import("@/lib/quotes/pay");

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;

beforeEach(async () => {
  await resetDatabase();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

/** The downloaded file of `user`, parsed. */
async function exportOf(user: TestUser) {
  const response = await exportRoute.GET(apiRequest("GET", "/api/account/export", { cookie: user.cookie }), routeContext());
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, data: JSON.parse(text) };
}

/** Every column that ties a row to a person: keys to users or handymen, operators' ids, addresses mail goes to. */
async function personColumns(): Promise<string[]> {
  return withSql(async (sql) => {
    const keys = await sql.query<{ name: string }>(
      `SELECT DISTINCT src.relname || '.' || a.attname AS name
         FROM pg_constraint c
         JOIN pg_class src ON src.oid = c.conrelid
         JOIN pg_class dst ON dst.oid = c.confrelid
         JOIN pg_namespace n ON n.oid = src.relnamespace AND n.nspname = 'public'
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.contype = 'f' AND dst.relname IN ('users', 'handymen')`,
    );
    const named = await sql.query<{ name: string }>(
      `SELECT table_name || '.' || column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name NOT LIKE '\\_%'
          AND (column_name ~ '(^|_)(user|actor|handyman)_id$' OR column_name IN ('recipient'))
          AND table_name NOT IN ('users', 'handymen')`,
    );
    return [...new Set([...keys, ...named].map((row) => row.name))].sort();
  });
}

describe("the export's coverage of the tables", () => {
  it("names every column that ties a row to a person, as exported or left out for a stated reason", async () => {
    const columns = await personColumns();
    expect(columns.length).toBeGreaterThanOrEqual(9);
    const listed = [...Object.keys(EXPORT_COVERAGE.exported), ...Object.keys(EXPORT_COVERAGE.leftOut)].sort();
    expect(listed).toEqual(columns);
    for (const reason of Object.values(EXPORT_COVERAGE.leftOut)) expect(reason.length).toBeGreaterThan(10);
  });
});

describe("the export, by role", () => {
  it("gives a handyman their profile, every offer with the reason they declined, the reviews about them, their steps, sessions and language", async () => {
    const owner = await createSignedInUser("owner@example.test");
    const nina = await createSignedInHandyman(18, "nina@example.test");
    const db = await getDb();
    await db.user.update({ where: { id: nina.id }, data: { locale: "nl" } });
    await sessionCookieFor(nina); // a second browser

    const declined = await submitRequest(owner, LEAK);
    expect((await chooseCriterion(owner, declined, "price", LEAK)).status).toBe(200);
    await declineOffer(nina, (await openOfferOf(declined)).id, "Fully booked that week.");

    const done = await submitRequest(owner, LEAK);
    expect((await chooseCriterion(owner, done, "price", LEAK)).status).toBe(200);
    const offer = await openOfferOf(done);
    expect(offer.handymanId).toBe(18);
    await acceptOffer(nina, offer.id);
    const quote = await sendQuote({ id: nina.id, email: nina.email }, done, {
      labour: { description: "Replace the trap", amount: "80", vatRate: "21" },
      materials: [{ description: "Trap", amount: "12.50", vatRate: "21" }],
    });
    await markDone(nina, offer.id);
    await reviewRequest(owner, done, { stars: 4, text: "Quick and tidy." });

    const { data, text } = await exportOf(nina);
    expect(data.account).toMatchObject({ id: nina.id, email: "nina@example.test", role: "handyman", locale: "nl" });
    expect(data.sessions).toHaveLength(await db.userSession.count({ where: { userId: nina.id } }));
    expect(data.sessions).toHaveLength(2);
    expect(data.handyman.profile).toMatchObject({ id: 18, name: expect.any(String), suspended: false });
    expect(data.handyman.offers).toHaveLength(await db.offer.count({ where: { handymanId: 18 } }));
    expect(data.handyman.offers).toEqual([
      expect.objectContaining({ requestId: declined, status: "declined", declineReason: "Fully booked that week.", taskType: "Pipe-leakage", city: "Rotterdam" }),
      expect.objectContaining({ requestId: done, status: "accepted" }),
    ]);
    expect(data.handyman.reviewsAboutYou).toEqual([expect.objectContaining({ requestId: done, stars: 4, text: "Quick and tidy." })]);
    expect(data.handyman.quotes).toEqual([
      expect.objectContaining({ id: quote.id, requestId: done, status: "sent", net: 92.5, lines: [expect.objectContaining({ kind: "labour", net: 80, vatRate: 21 }), expect.objectContaining({ kind: "materials", description: "Trap", net: 12.5 })] }),
    ]);
    expect(data.handyman.payments).toEqual([]);
    expect(data.stepsTaken.map((step: { step: string }) => step.step)).toEqual(
      (await db.requestEvent.findMany({ where: { actorUserId: nina.id }, orderBy: { id: "asc" }, select: { action: true } })).map((event) => event.action),
    );
    expect(data.stepsTaken.map((step: { step: string }) => step.step)).toEqual(["decline", "accept", "send_quote", "finish"]);
    expect(data.requests).toEqual([]);
    expect(data.auditEntries).toEqual([]);
    expect(text).not.toContain("owner@example.test");
    expect(text).not.toMatch(/passwordHash|tokenHash|sessionVersion/);
  });

  it("gives an operator their own audit entries, and a homeowner the entries about them", async () => {
    const operator = await createSignedInOperator("ada.ops@example.test");
    const owner = await createSignedInUser("owner@example.test");
    const requestId = await submitRequest(owner, LEAK);
    for (let i = 0; i < 2; i++) {
      const response = await emailRoute.POST(apiRequest("POST", `/api/ops/requests/${requestId}/homeowner-email`, { cookie: operator.cookie }), routeContext({ requestId }));
      expect(response.status).toBe(200);
    }
    const db = await getDb();

    const ops = (await exportOf(operator)).data;
    expect(ops.account).toMatchObject({ role: "operator", locale: "en" });
    expect(ops.auditEntries).toHaveLength(await db.auditEntry.count({ where: { actorId: operator.id } }));
    expect(ops.auditEntries).toEqual([
      expect.objectContaining({ action: "view_homeowner_email", targetType: "request", targetId: requestId, after: { homeownerId: owner.id } }),
      expect.objectContaining({ action: "view_homeowner_email" }),
    ]);
    expect(ops.handyman).toBeNull();

    const mine = (await exportOf(owner)).data;
    expect(mine.auditEntries).toEqual([]);
    expect(mine.auditEntriesAboutYou).toHaveLength(2);
    expect(mine.auditEntriesAboutYou[0]).toMatchObject({ action: "view_homeowner_email", targetId: requestId });
    expect(JSON.stringify(mine.auditEntriesAboutYou)).not.toContain(operator.id);
  });

  it("finds the audit entries about a person by every way an entry names them, and no one else's", async () => {
    const owner = await createSignedInUser("owner@example.test");
    const other = await createSignedInUser("other@example.test");
    const db = await getDb();
    const named = [
      { action: "verify_account", targetType: "user", targetId: owner.id },
      { action: "view_homeowner_email", targetType: "request", targetId: "r-1", after: { homeownerId: owner.id } },
      { action: "change_role", targetType: "account", targetId: "a-1", after: { userId: owner.id, role: "handyman" } },
      { action: "erase_link", targetType: "handyman", targetId: "7", before: { userId: owner.id } },
    ];
    const unnamed = [
      { action: "verify_account", targetType: "user", targetId: other.id },
      { action: "view_homeowner_email", targetType: "request", targetId: "r-2", after: { homeownerId: other.id, note: owner.id } },
      { action: "edit_handyman", targetType: "handyman", targetId: owner.id, before: { userId: other.id } },
    ];
    for (const entry of [...unnamed.slice(0, 1), ...named.slice(0, 2), ...unnamed.slice(1), ...named.slice(2)]) await db.auditEntry.create({ data: entry });

    const mine = (await exportOf(owner)).data;
    expect(mine.auditEntriesAboutYou.map((entry: { action: string; targetId: string }) => `${entry.action} ${entry.targetId}`)).toEqual(named.map((entry) => `${entry.action} ${entry.targetId}`));
    const theirs = (await exportOf(other)).data;
    expect(theirs.auditEntriesAboutYou).toHaveLength(3);
  });

  it("lists the mail to the account's address in any case, and none to an address its _ would match as a pattern", async () => {
    const owner = await createSignedInUser("j_n_x@example.test");
    const db = await getDb();
    for (const recipient of ["J_N_X@Example.test", "jonax@example.test", "jxnyx@example.test"]) {
      await db.outboxMessage.create({ data: { recipient, subject: `To ${recipient}`, text: "x", html: "x" } });
    }
    const { data } = await exportOf(owner);
    expect(data.mail.map((message: { to: string }) => message.to)).toEqual(["J_N_X@Example.test"]);
  });

  it("lists the links and mail sent to the account, never a token or a mail's text", async () => {
    const owner = await createSignedInUser("owner@example.test");
    const db = await getDb();
    const { queueVerificationMail } = await import("@/lib/auth/account-tokens");
    await db.$transaction((tx) => queueVerificationMail(tx, { ...owner, role: "homeowner" }));
    const { text, data } = await exportOf(owner);
    expect(data.linksSent).toEqual([expect.objectContaining({ purpose: "verify_email", sentTo: owner.email, usedAt: null })]);
    expect(data.mail).toEqual([expect.objectContaining({ to: owner.email, subject: expect.any(String), sentAt: null })]);
    const [token] = await db.accountToken.findMany({ where: { userId: owner.id } });
    const [queued] = await db.outboxMessage.findMany({ where: { recipient: owner.email } });
    expect(text).not.toContain(token.tokenHash);
    expect(text).not.toContain(queued.text.slice(0, 40));
  });
});

describe("the money in the export", () => {
  let payments: TestPayments;
  beforeAll(async () => {
    payments = await startTestPayments();
  });
  afterAll(async () => {
    await payments.close();
  });

  it("gives a homeowner the quotes of their requests with every line, and the payments of them with their status, ledger lines and refunds, in the shape the handyman's export has; never another homeowner's", async () => {
    const owner = await createSignedInUser("owner@example.test");
    const other = await createSignedInUser("other@example.test");
    const nina = await createSignedInHandyman(18, "nina@example.test");
    const asNina = { id: nina.id, email: nina.email };
    const requestId = await submitRequest(owner, LEAK);
    expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
    await acceptOffer(nina, (await openOfferOf(requestId)).id);
    // A quote declined, one paid, and a lower one that replaced it (a refund of the difference).
    const declined = await sendQuote(asNina, requestId, { labour: { amount: "150", vatRate: "21" } });
    await declineQuote({ id: owner.id, email: owner.email }, declined.id);
    const paid = await sendQuote(asNina, requestId, { labour: { description: "Replace the trap", amount: "100", vatRate: "21" }, materials: [{ description: "Trap", amount: "20", vatRate: "21" }] });
    const accepted = await acceptQuote({ id: owner.id, email: owner.email }, paid.id, TEST_BILLING, "en");
    await payAtCheckout((await checkoutOf(accepted, "en"))!, "paid");
    const lower = await sendQuote(asNina, requestId, { labour: { amount: "80", vatRate: "21" }, materials: [{ description: "Trap", amount: "20", vatRate: "21" }] });
    expect((await acceptQuote({ id: owner.id, email: owner.email }, lower.id, TEST_BILLING, "en")).refund).toEqual({ amountCents: 2_420, state: "done" });
    // Someone else's request and quote stay out of it.
    const theirs = await submitRequest(other, LEAK);
    expect((await chooseCriterion(other, theirs, "price", LEAK)).status).toBe(200);

    const { data } = await exportOf(owner);
    expect(data.quotes.map((quote: { id: string; status: string; total: number }) => [quote.id, quote.status, quote.total])).toEqual([
      // Declined, then replaced by the next quote sent.
      [declined.id, "replaced", 181.5],
      [paid.id, "replaced", 145.2],
      [lower.id, "accepted", 121],
    ]);
    expect(data.quotes[1]).toEqual({
      id: paid.id,
      requestId,
      status: "replaced",
      net: 120,
      vat: 25.2,
      total: 145.2,
      sentAt: paid.sentAt,
      validUntil: paid.validUntil,
      answeredAt: expect.any(String),
      lines: [
        { kind: "labour", description: "Replace the trap", hours: null, hourlyPrice: null, net: 100, vatRate: 21 },
        { kind: "materials", description: "Trap", hours: null, hourlyPrice: null, net: 20, vatRate: 21 },
      ],
    });
    const db = await getDb();
    const payment = await db.payment.findFirstOrThrow({ where: { requestId, status: "paid" } });
    expect(data.payments).toHaveLength(await db.payment.count({ where: { request: { userId: owner.id } } }));
    expect(data.payments.at(-1)).toEqual({
      id: payment.id,
      requestId,
      quoteId: lower.id,
      attempt: 1,
      amount: 145.2,
      status: "paid",
      startedAt: payment.createdAt.toISOString(),
      ledger: [
        { kind: "paid", amount: 145.2, at: expect.any(String) },
        { kind: "refunded", amount: 24.2, at: expect.any(String) },
      ],
      refunds: [{ amount: 24.2, reason: `replaced:${lower.id}`, state: "done", askedAt: expect.any(String), doneAt: expect.any(String) }],
    });
    // The handyman's export holds the same quotes and payments, field for field.
    const hers = (await exportOf(nina)).data;
    expect(hers.handyman.quotes).toEqual(data.quotes);
    expect(hers.handyman.payments).toEqual(data.payments);
    expect(hers.quotes).toEqual([]);
    expect(hers.payments).toEqual([]);
    // The other homeowner's export holds none of it.
    const theirsExport = (await exportOf(other)).data;
    expect(theirsExport.quotes).toEqual([]);
    expect(theirsExport.payments).toEqual([]);
    expect(JSON.stringify(theirsExport)).not.toContain(payment.id);
  });
});
