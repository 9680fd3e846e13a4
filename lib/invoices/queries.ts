// Reading invoices: the homeowner's of their own request (the order page and its downloads), the
// handyman's (invoices in their name and Fixwell's commission invoices to them: /pro's paged list and its
// downloads), the operator's (any, for the console's payment page and the books), and one invoice for its
// PDF. Someone else's invoice is a 404, never a 403.
import "server-only";
import type { SessionUser } from "../auth/current-user";
import { ApiError } from "../api/errors";
import { getDb } from "../db";
import type { Prisma, PrismaClient } from "../generated/prisma/client";
import { findHandymanForUser } from "../handymen/queries";
import { decodeCursor, readPage, type Cursor, type CursorScope, type Page } from "../paging/cursor";
import { newestFirst, timeKey, uuidOf } from "../paging/keyset";
import type { PrintableInvoice } from "./pdf";
import { invoiceNumberText } from "./amounts";

type Db = PrismaClient | Prisma.TransactionClient;

const printableColumns = {
  kind: true, series: true, number: true, issuer: true,
  issuerName: true, issuerStreet: true, issuerPostcode: true, issuerCity: true, issuerKvk: true, issuerVatId: true, issuerKor: true,
  recipientName: true, recipientStreet: true, recipientPostcode: true, recipientCity: true, recipientKvk: true, recipientVatId: true,
  workDescription: true, workDate: true, lines: true, rates: true, totalCents: true, locale: true, issuedAt: true,
  creditsInvoice: { select: { series: true, number: true, issuedAt: true } },
} as const satisfies Prisma.InvoiceSelect;

/** An invoice as its PDF prints it, or null. */
export async function printableInvoice(db: Db, id: string): Promise<PrintableInvoice | null> {
  const row = await db.invoice.findUnique({ where: { id }, select: printableColumns });
  return row && { ...row, credits: row.creditsInvoice };
}

/** Whether the database gives `user` the operator's role (never the session's word). */
async function isOperator(db: Db, user: SessionUser): Promise<boolean> {
  return (await db.user.findUnique({ where: { id: user.id }, select: { role: true } }))?.role === "operator";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new ApiError("not_found", { key: "pageNotFound" });

/**
 * The invoice `id` for its PDF, when `user` may read it: the homeowner whose request it is (an invoice or
 * credit note in the handyman's name), the handyman it concerns (their invoices and credit notes, and
 * Fixwell's commission invoices to them), or an operator (every invoice: the console and the books), the
 * role read from the database. 404 for anyone else and for an id that is not one.
 */
export async function getInvoiceForUserOrThrow(user: SessionUser, id: string): Promise<PrintableInvoice> {
  if (!UUID.test(id)) throw notFound();
  const db = await getDb();
  const row = await db.invoice.findUnique({ where: { id }, select: { kind: true, handymanId: true, request: { select: { userId: true } } } });
  if (!row) throw notFound();
  const homeowners = row.kind !== "commission" && row.request?.userId === user.id;
  let handymans = false;
  if (!homeowners && row.handymanId !== null) {
    const handyman = await findHandymanForUser(user, db);
    handymans = handyman?.id === row.handymanId;
  }
  if (!homeowners && !handymans && !(await isOperator(db, user))) throw notFound();
  return (await printableInvoice(db, id))!;
}

export type InvoiceListItem = { id: string; kind: "invoice" | "credit_note" | "commission"; number: string; issuedAt: string; totalCents: number };

const listColumns = { id: true, kind: true, series: true, number: true, issuedAt: true, totalCents: true } as const satisfies Prisma.InvoiceSelect;

const toItem = (row: { id: string; kind: InvoiceListItem["kind"]; series: string; number: number; issuedAt: Date; totalCents: number }): InvoiceListItem => ({
  id: row.id,
  kind: row.kind,
  number: invoiceNumberText(row.series, row.number),
  issuedAt: row.issuedAt.toISOString(),
  totalCents: row.totalCents,
});

/** The invoice and credit notes of the homeowner's own request, oldest first (a handful). */
export async function listInvoicesOfRequest(user: SessionUser, requestId: string): Promise<InvoiceListItem[]> {
  if (!UUID.test(requestId)) return [];
  const db = await getDb();
  const rows = await db.invoice.findMany({
    where: { requestId, kind: { in: ["invoice", "credit_note"] }, request: { userId: user.id } },
    orderBy: [{ issuedAt: "asc" }, { id: "asc" }],
    select: listColumns,
  });
  return rows.map(toItem);
}

/**
 * A payment's invoice, credit notes and commission invoice, oldest first (a handful), for the console's
 * payment page: an operator's only (the role read from the database), empty for anyone else.
 */
export async function listInvoicesOfPayment(user: SessionUser, paymentId: string): Promise<InvoiceListItem[]> {
  if (!UUID.test(paymentId)) return [];
  const db = await getDb();
  if (!(await isOperator(db, user))) return [];
  const rows = await db.invoice.findMany({ where: { paymentId }, orderBy: [{ issuedAt: "asc" }, { number: "asc" }, { id: "asc" }], select: listColumns });
  return rows.map(toItem);
}

export const PRO_INVOICES_PAGE_SIZE = 20;

const scopeOf = (user: Pick<SessionUser, "id">): CursorScope => ({ list: "pro.invoices", owner: user.id });

/** /pro's ?invoices= cursor (a bad one, or another list's or account's, is a 400; absent: the first page). */
export function parseProInvoicesCursor(user: Pick<SessionUser, "id">, value: string | string[] | undefined): Cursor | undefined {
  return decodeCursor(value, scopeOf(user), 2);
}

/** The handyman's invoices, newest first, a keyset page at a time; 404 for anyone who is not a handyman. */
export async function getProInvoicesOrThrow(user: SessionUser, cursor?: Cursor, size = PRO_INVOICES_PAGE_SIZE): Promise<Page<InvoiceListItem>> {
  const db = await getDb();
  const handyman = await findHandymanForUser(user, db);
  if (!handyman) throw notFound();
  const page = await readPage(
    scopeOf(user),
    size,
    cursor,
    ({ cursor: at, take }) => {
      const keyset = newestFirst(at, { time: "issuedAt", id: "id" }, uuidOf);
      return db.invoice.findMany({
        where: { AND: [{ handymanId: handyman.id }, keyset.where as Prisma.InvoiceWhereInput] },
        orderBy: keyset.orderBy as Prisma.InvoiceOrderByWithRelationInput[],
        take,
        select: listColumns,
      });
    },
    (row) => timeKey(row.issuedAt, row.id),
  );
  return { ...page, rows: page.rows.map(toItem) };
}

export type OrderInvoicesView = { invoices: InvoiceListItem[]; billing: { name: string; street: string; postcode: string } };

/** The order page's invoices section for the homeowner's own request: null until the job is paid (or for another's request). */
export async function getOrderInvoices(user: SessionUser, requestId: string): Promise<OrderInvoicesView | null> {
  if (!UUID.test(requestId)) return null;
  const db = await getDb();
  const request = await db.repairRequest.findFirst({
    where: { id: requestId, userId: user.id, payments: { some: { status: "paid" } } },
    select: { billingName: true, billingStreet: true, billingPostcode: true },
  });
  if (!request) return null;
  return {
    invoices: await listInvoicesOfRequest(user, requestId),
    billing: { name: request.billingName ?? "", street: request.billingStreet ?? "", postcode: request.billingPostcode ?? "" },
  };
}

export type BillingValues = { name: string; street: string; postcode: string };

/**
 * What the Accept form of a quote fills in for the invoice's name and address: the request's own, if given
 * before, else those of the homeowner's latest other request that has them, else nothing.
 */
export async function billingPrefill(user: SessionUser, requestId: string): Promise<BillingValues> {
  const empty = { name: "", street: "", postcode: "" };
  if (!UUID.test(requestId)) return empty;
  const db = await getDb();
  const columns = { billingName: true, billingStreet: true, billingPostcode: true } as const;
  const own = await db.repairRequest.findFirst({ where: { id: requestId, userId: user.id }, select: columns });
  if (!own) return empty;
  const row =
    own.billingName && own.billingStreet && own.billingPostcode
      ? own
      : await db.repairRequest.findFirst({
          where: { userId: user.id, id: { not: requestId }, billingName: { not: null }, billingStreet: { not: null }, billingPostcode: { not: null } },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          select: columns,
        });
  return row ? { name: row.billingName ?? "", street: row.billingStreet ?? "", postcode: row.billingPostcode ?? "" } : empty;
}
