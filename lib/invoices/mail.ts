// The homeowner's invoice leaves with a mail: issued in the transaction that confirms the job (or that
// finds the handyman's business details given at last), its mail queued in the same transaction with the
// invoice's id, so the PDF is rendered and attached when the mail is sent (lib/mail/delivery-worker.ts).
import "server-only";
import { getDb } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { composeMail, queueMail } from "../mail";
import { pageLink } from "../mail/messages";
import { formatPrice } from "../format";
import { getTranslator } from "../i18n/translator";
import { AfterCommit } from "../queue/after-commit";
import { DEFAULT_LOCALE, isLocale } from "../../i18n/locales";
import { invoiceNumberText } from "./amounts";
import { issueCommissionInvoice, issueJobInvoice, type IssueOutcome } from "./issue";

type Tx = Prisma.TransactionClient;

/** Issues the job's invoice (once) and, when it was made now, queues its mail to the homeowner with the PDF. */
export async function issueJobInvoiceWithMail(tx: Tx, after: AfterCommit, requestId: string, now = new Date()): Promise<IssueOutcome> {
  const outcome = await issueJobInvoice(tx, requestId, now);
  if (outcome.kind !== "issued") return outcome;
  const invoice = await tx.invoice.findUniqueOrThrow({
    where: { id: outcome.invoiceId },
    select: { series: true, number: true, totalCents: true, issuerName: true, workDescription: true, locale: true, request: { select: { user: { select: { email: true } } } } },
  });
  const to = invoice.request?.user.email;
  if (!to) return outcome;
  const locale = isLocale(invoice.locale) ? invoice.locale : DEFAULT_LOCALE;
  const t = getTranslator(locale, "invoices");
  const message = composeMail({
    to,
    locale,
    subject: t("mail.subject", { job: invoice.workDescription }),
    paragraphs: [
      t("mail.intro", { job: invoice.workDescription, name: invoice.issuerName, number: invoiceNumberText(invoice.series, invoice.number), total: formatPrice(invoice.totalCents / 100, locale) }),
      t("mail.orders"),
    ],
    action: { label: t("mail.action"), url: pageLink(locale, `/dashboard/orders/${requestId}`) },
  });
  await queueMail(tx, after, message, { invoiceId: outcome.invoiceId });
  return outcome;
}

/** A request whose homeowner gave the name and address their invoice is made out to. */
const BILLING_GIVEN = { billingName: { not: null }, billingStreet: { not: null }, billingPostcode: { not: null } } as const;

/**
 * Makes the invoice (with its mail) of one confirmed, paid job that waited for the homeowner's name and
 * address, once they are given on the order page; nothing when it still waits or exists already.
 */
export async function issueWaitingJobInvoice(requestId: string, now = new Date()): Promise<IssueOutcome> {
  const db = await getDb();
  const after = new AfterCommit();
  const outcome = await db.$transaction((tx) => issueJobInvoiceWithMail(tx, after, requestId, now));
  await after.run();
  return outcome;
}

/**
 * Makes what waited for business details (or for the homeowner's name and address): the invoices (with their mail) of confirmed, paid jobs and the
 * commission invoices of done releases that have none, of one handyman or of all. Safe to run any number
 * of times, on any number of workers.
 */
export async function issueWaitingInvoices(handymanId?: number, now = new Date()): Promise<{ jobInvoices: number; commissionInvoices: number }> {
  const db = await getDb();
  const byHandyman = handymanId === undefined ? {} : { handymanId };
  const details = { businessName: { not: null }, kvkNumber: { not: null } } as const;
  const jobs = await db.payment.findMany({
    where: { ...byHandyman, status: "paid", request: { confirmedAt: { not: null }, ...BILLING_GIVEN }, invoices: { none: { kind: "invoice" } }, handyman: details },
    select: { requestId: true },
    take: 200,
  });
  let jobInvoices = 0;
  for (const { requestId } of jobs) {
    const after = new AfterCommit();
    const outcome = await db.$transaction((tx) => issueJobInvoiceWithMail(tx, after, requestId, now));
    await after.run();
    if (outcome.kind === "issued") jobInvoices++;
  }
  const releases = await db.paymentTransfer.findMany({
    where: { kind: "release", state: "done", commissionCents: { gt: 0 }, invoices: { none: {} }, payment: { ...byHandyman, handyman: details } },
    select: { id: true },
    take: 200,
  });
  let commissionInvoices = 0;
  for (const { id } of releases) {
    if ((await db.$transaction((tx) => issueCommissionInvoice(tx, id, now))).kind === "issued") commissionInvoices++;
  }
  return { jobInvoices, commissionInvoices };
}
