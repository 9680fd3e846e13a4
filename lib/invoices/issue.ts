// Issuing invoices (docs/payments.md "Invoices and VAT"). Each is written once, in one transaction with its
// number (./numbering.ts), under a unique source key, and never changed:
// - the homeowner's invoice, in the handyman's name, when the job is confirmed done (issueJobInvoice, called
//   by lib/requests/completion.ts), from the paid quote's lines, in the homeowner's language;
// - a credit note for each refund done after that invoice exists (issueCreditNotes, called by
//   lib/payments finishTransfer in the refund's booking transaction, and right after a job invoice for
//   refunds that came before it);
// - Fixwell's commission invoice to the handyman for each release that kept commission
//   (issueCommissionInvoice, in the release's booking transaction).
// An invoice in the handyman's name or to the handyman needs their business details (lib/invoices/
// business-details.ts), and the homeowner's invoice their name and address (asked when they accept the
// quote); without them it waits, and issueWaitingInvoices / issueWaitingJobInvoice make it once they are
// given (and on every completion sweep).
import "server-only";
import { randomUUID } from "node:crypto";
import { fixwellCompany } from "../env";
import type { Prisma } from "../generated/prisma/client";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../i18n/locales";
import { getTranslator } from "../i18n/translator";
import { formatDate } from "../format";
import { repairName } from "../requests/notices";
import { fromDbCity, fromDbTaskType } from "../requests/catalogue";
import { cityLabel } from "../requests/words";
import { REPLACEMENT_REFUND_PREFIX } from "../quotes/rules";
import { commissionInvoiceAmounts, creditNoteAmounts, fixwellSeries, handymanSeries, jobInvoiceAmounts, type InvoiceAmounts, type InvoiceLine, type RateAmounts } from "./amounts";
import { takeInvoiceNumber } from "./numbering";

type Tx = Prisma.TransactionClient;

type Party = { name: string; street: string; postcode: string; city: string; kvk: string | null; vatId: string | null };

const businessSelect = { id: true, businessName: true, businessStreet: true, businessPostcode: true, businessCity: true, kvkNumber: true, vatId: true, korScheme: true, user: { select: { locale: true } } } as const;

type BusinessRow = { id: number; businessName: string | null; businessStreet: string | null; businessPostcode: string | null; businessCity: string | null; kvkNumber: string | null; vatId: string | null; korScheme: boolean };

/** The handyman as an invoice names them; null while their business details are not given. */
function businessParty(row: BusinessRow): (Party & { kvk: string; kor: boolean }) | null {
  if (!row.businessName || !row.businessStreet || !row.businessPostcode || !row.businessCity || !row.kvkNumber) return null;
  return { name: row.businessName, street: row.businessStreet, postcode: row.businessPostcode, city: row.businessCity, kvk: row.kvkNumber, vatId: row.vatId, kor: row.korScheme };
}

const localeOf = (value: string | null | undefined): Locale => (value && isLocale(value) ? value : DEFAULT_LOCALE);

type Written = {
  kind: "invoice" | "credit_note" | "commission";
  series: string;
  sourceKey: string;
  issuer: "handyman" | "fixwell";
  from: Party & { kor?: boolean };
  to: Party;
  workDescription: string;
  workDate: Date;
  amounts: InvoiceAmounts;
  locale: Locale;
  handymanId: number | null;
  requestId: string | null;
  paymentId: string;
  transferId?: string;
  creditsInvoiceId?: string;
  issuedAt: Date;
};

async function write(tx: Tx, invoice: Written): Promise<{ id: string; created: boolean }> {
  const existing = await tx.invoice.findUnique({ where: { sourceKey: invoice.sourceKey }, select: { id: true } });
  if (existing) return { id: existing.id, created: false };
  const number = await takeInvoiceNumber(tx, invoice.series);
  const { amounts } = invoice;
  const created = await tx.invoice.create({
    data: {
      id: randomUUID(),
      kind: invoice.kind,
      series: invoice.series,
      number,
      sourceKey: invoice.sourceKey,
      issuer: invoice.issuer,
      issuerName: invoice.from.name,
      issuerStreet: invoice.from.street,
      issuerPostcode: invoice.from.postcode,
      issuerCity: invoice.from.city,
      issuerKvk: invoice.from.kvk ?? "",
      issuerVatId: invoice.from.vatId,
      issuerKor: invoice.from.kor ?? false,
      recipientName: invoice.to.name,
      recipientStreet: invoice.to.street,
      recipientPostcode: invoice.to.postcode,
      recipientCity: invoice.to.city,
      recipientKvk: invoice.to.kvk,
      recipientVatId: invoice.to.vatId,
      workDescription: invoice.workDescription,
      workDate: invoice.workDate,
      lines: amounts.lines as unknown as Prisma.InputJsonValue,
      rates: amounts.rates as unknown as Prisma.InputJsonValue,
      netCents: amounts.netCents,
      vatCents: amounts.vatCents,
      totalCents: amounts.totalCents,
      locale: invoice.locale,
      issuedAt: invoice.issuedAt,
      handymanId: invoice.handymanId,
      requestId: invoice.requestId,
      paymentId: invoice.paymentId,
      transferId: invoice.transferId ?? null,
      creditsInvoiceId: invoice.creditsInvoiceId ?? null,
    },
    select: { id: true },
  });
  return { id: created.id, created: true };
}

/** Serialises everything issued for one payment (its invoice, credit notes, commission invoice). */
async function lockPayment(tx: Tx, paymentId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "payments" WHERE "id" = ${paymentId}::uuid FOR UPDATE`;
}

export type IssueOutcome = { kind: "issued" | "exists"; invoiceId: string } | { kind: "waiting" | "nothing" };

/**
 * The homeowner's invoice for a confirmed job's paid payment, in the handyman's name: "nothing" before
 * confirmation or payment, "waiting" while the handyman's business details or the homeowner's name and
 * address are missing. Credit notes for
 * refunds done before it follow in the same transaction. Returns the new invoice's id once (for its mail).
 */
export async function issueJobInvoice(tx: Tx, requestId: string, now = new Date()): Promise<IssueOutcome> {
  const payment = await tx.payment.findFirst({ where: { requestId, status: "paid" }, orderBy: { attempt: "desc" }, select: { id: true, quoteId: true } });
  if (!payment) return { kind: "nothing" };
  await lockPayment(tx, payment.id);
  const existing = await tx.invoice.findUnique({ where: { sourceKey: `invoice:${payment.id}` }, select: { id: true } });
  if (existing) return { kind: "exists", invoiceId: existing.id };
  const request = await tx.repairRequest.findUnique({
    where: { id: requestId },
    select: { id: true, taskType: true, city: true, date: true, confirmedAt: true, billingName: true, billingStreet: true, billingPostcode: true, user: { select: { locale: true } } },
  });
  if (!request?.confirmedAt) return { kind: "nothing" };
  const quote = await tx.quote.findFirst({
    where: { id: payment.quoteId, requestId },
    select: { handyman: { select: businessSelect }, lines: { orderBy: { position: "asc" }, select: { kind: true, description: true, netCents: true, vatRate: true } } },
  });
  if (!quote) throw new Error(`Payment ${payment.id} pays no quote of request ${requestId}.`);
  const from = businessParty(quote.handyman);
  // The homeowner's name and address are asked when they accept the quote; a request accepted before that
  // was asked waits, like missing business details, until they give them on the order page (never the
  // account's email in their place: the law asks for a name and address).
  if (!from || !request.billingName || !request.billingStreet || !request.billingPostcode) return { kind: "waiting" };
  const locale = localeOf(request.user.locale);
  const lines: InvoiceLine[] = quote.lines.map((line) => ({ kind: line.kind, description: line.description, netCents: line.netCents, vatRate: line.vatRate }));
  const city = cityLabel(fromDbCity(request.city), locale);
  const written = await write(tx, {
    kind: "invoice",
    series: handymanSeries(quote.handyman.id, now),
    sourceKey: `invoice:${payment.id}`,
    issuer: "handyman",
    from,
    to: { name: request.billingName, street: request.billingStreet, postcode: request.billingPostcode, city, kvk: null, vatId: null },
    workDescription: repairName({ taskType: fromDbTaskType(request.taskType), city: fromDbCity(request.city) }, locale),
    workDate: request.date,
    amounts: jobInvoiceAmounts(lines, { kor: from.kor }),
    locale,
    handymanId: quote.handyman.id,
    requestId,
    paymentId: payment.id,
    issuedAt: now,
  });
  await issueCreditNotes(tx, payment.id, now);
  return { kind: written.created ? "issued" : "exists", invoiceId: written.id };
}

/**
 * A credit note for every refund of the payment that is done and has none, once the payment has an
 * invoice: the refund split over the invoice's rates, negative, referring to the invoice. Not for the refund
 * of a lower replacement quote, which the invoice's lines already follow.
 */
export async function issueCreditNotes(tx: Tx, paymentId: string, now = new Date()): Promise<string[]> {
  await lockPayment(tx, paymentId);
  const invoice = await tx.invoice.findUnique({ where: { sourceKey: `invoice:${paymentId}` } });
  if (!invoice) return [];
  // A lower quote's refund (`replaced:<quote>`) is no correction of the invoice: the invoice is made from
  // that lower quote's lines, so crediting it too would count the difference twice.
  const refunds = await tx.paymentTransfer.findMany({
    where: { paymentId, kind: "refund", state: "done", invoices: { none: {} }, NOT: { reasonKey: { startsWith: REPLACEMENT_REFUND_PREFIX } } },
    orderBy: { createdAt: "asc" },
    select: { id: true, amountCents: true },
  });
  const issued: string[] = [];
  const locale = localeOf(invoice.locale);
  for (const refund of refunds) {
    const description = getTranslator(locale, "invoices")("describe.refund", { work: invoice.workDescription });
    const written = await write(tx, {
      kind: "credit_note",
      series: handymanSeries(invoice.handymanId ?? 0, now),
      sourceKey: `credit:${refund.id}`,
      issuer: "handyman",
      from: { name: invoice.issuerName, street: invoice.issuerStreet, postcode: invoice.issuerPostcode, city: invoice.issuerCity, kvk: invoice.issuerKvk, vatId: invoice.issuerVatId, kor: invoice.issuerKor },
      to: { name: invoice.recipientName, street: invoice.recipientStreet, postcode: invoice.recipientPostcode, city: invoice.recipientCity, kvk: invoice.recipientKvk, vatId: invoice.recipientVatId },
      workDescription: invoice.workDescription,
      workDate: invoice.workDate,
      amounts: creditNoteAmounts(invoice.rates as unknown as RateAmounts[], refund.amountCents, description),
      locale,
      handymanId: invoice.handymanId,
      requestId: invoice.requestId,
      paymentId,
      transferId: refund.id,
      creditsInvoiceId: invoice.id,
      issuedAt: now,
    });
    if (written.created) issued.push(written.id);
  }
  return issued;
}

/**
 * Fixwell's invoice to the handyman for the commission a done release kept (the ledger's commission is
 * the amount including 21% VAT), in Fixwell's series; "waiting" while the handyman's details are missing.
 */
export async function issueCommissionInvoice(tx: Tx, transferId: string, now = new Date()): Promise<IssueOutcome> {
  const transfer = await tx.paymentTransfer.findUnique({
    where: { id: transferId },
    select: { id: true, kind: true, state: true, commissionCents: true, paymentId: true, payment: { select: { requestId: true, handyman: { select: businessSelect }, request: { select: { taskType: true, city: true, date: true } } } } },
  });
  if (!transfer || transfer.kind !== "release" || transfer.state !== "done" || transfer.commissionCents <= 0) return { kind: "nothing" };
  await lockPayment(tx, transfer.paymentId);
  const { handyman, request } = transfer.payment;
  const to = businessParty(handyman);
  if (!to) return { kind: "waiting" };
  const locale = localeOf(handyman.user?.locale);
  const work = repairName({ taskType: fromDbTaskType(request.taskType), city: fromDbCity(request.city) }, locale);
  const company = fixwellCompany();
  const written = await write(tx, {
    kind: "commission",
    series: fixwellSeries(now),
    sourceKey: `commission:${transfer.id}`,
    issuer: "fixwell",
    from: { name: company.name, street: company.street, postcode: company.postcode, city: company.city, kvk: company.kvk, vatId: company.vatId },
    to,
    workDescription: work,
    workDate: request.date,
    amounts: commissionInvoiceAmounts(transfer.commissionCents, getTranslator(locale, "invoices")("describe.commission", { work, date: formatDate(request.date.toISOString().slice(0, 10), locale) })),
    locale,
    handymanId: handyman.id,
    requestId: transfer.payment.requestId,
    paymentId: transfer.paymentId,
    transferId: transfer.id,
    issuedAt: now,
  });
  return { kind: written.created ? "issued" : "exists", invoiceId: written.id };
}
