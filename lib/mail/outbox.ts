// The outbox: a mail is a row in `mail_outbox`, written in the transaction of the change that causes
// it, so a change that rolls back sends nothing and a change that commits cannot lose its mail. The
// deliver-mail task (./delivery-worker.ts) claims a row, hands it to the transport and records the outcome here.
//
// A row is claimed with one conditional UPDATE, so two workers never hold it at once; the claim lapses
// after `claimSeconds`, so a worker that died mid-send leaves the row to be retried, not stuck.
import "server-only";
import type { Prisma, PrismaClient } from "../generated/prisma/client";
import { isLocale } from "../../i18n/locales";
import { mailMessageSchema, rewriteFor, type MailMessage } from "./messages";

/** A Prisma transaction client (`db.$transaction(async (tx) => …)`); the client itself works too. */
export type MailTransaction = Prisma.TransactionClient;

/**
 * Queues `message` inside the caller's transaction. Nothing leaves before that transaction commits;
 * afterwards, `nudgeMailDelivery(id)` (./delivery.ts) sends it at once (the periodic sweep would anyway).
 * A mail whose builder was not told the reader's language is written in the language of the account
 * at its address (English for an address without one).
 */
export async function enqueueMail(tx: MailTransaction, message: MailMessage, { forgetWhenDone = false, invoiceId = null }: EnqueueOptions = {}): Promise<{ id: string }> {
  const { to, subject, text, html } = mailMessageSchema.parse(await inRecipientsLanguage(tx, message));
  return tx.outboxMessage.create({ data: { recipient: to, subject, text, html, forgetWhenDone, invoiceId }, select: { id: true } });
}

export type EnqueueOptions = {
  /** Delete the row once the mail is sent or given up on, instead of keeping it (the goodbye to an erased account). */
  forgetWhenDone?: boolean;
  /** An invoice to attach as a PDF, rendered when the mail is sent (lib/invoices/pdf.ts). */
  invoiceId?: string | null;
};

/**
 * Erasure: removes every row addressed to `address` (any case), inside the caller's transaction: mail not
 * sent yet is not sent, and the record of mail sent or given up on goes too. Returns how many rows went.
 */
export async function forgetMailTo(tx: MailTransaction, address: string): Promise<number> {
  // Not Prisma's `mode: "insensitive"`: it compares with ILIKE, where "_" and "%" in an address match other addresses.
  return tx.$executeRaw`DELETE FROM "mail_outbox" WHERE lower("recipient") = lower(${address})`;
}

/** The mail addressed to `address` (any case, exactly that address), oldest first: what the export lists. */
export async function mailTo(db: MailTransaction | PrismaClient, address: string): Promise<{ recipient: string; subject: string; createdAt: Date; sentAt: Date | null; failedAt: Date | null }[]> {
  return db.$queryRaw`
    SELECT "recipient", "subject", "created_at" AS "createdAt", "sent_at" AS "sentAt", "failed_at" AS "failedAt"
      FROM "mail_outbox" WHERE lower("recipient") = lower(${address}) ORDER BY "created_at", "id"`;
}

async function inRecipientsLanguage(tx: MailTransaction, message: MailMessage): Promise<MailMessage> {
  const rewrite = rewriteFor(message);
  if (!rewrite) return message;
  const account = await tx.user.findUnique({ where: { email: message.to.toLowerCase() }, select: { locale: true } });
  return account && isLocale(account.locale) && account.locale !== "en" ? rewrite(account.locale) : message;
}

export type ClaimedMail = MailMessage & { id: string; attempts: number; invoiceId: string | null };

/** Takes the row for one delivery attempt, if it is unsent, due and not held by another worker. */
export async function claimOutboxMessage(db: PrismaClient, id: string, claimSeconds: number): Promise<ClaimedMail | undefined> {
  const rows = await db.$queryRaw<{ id: string; recipient: string; subject: string; text: string; html: string; attempts: number; invoice_id: string | null }[]>`
    UPDATE "mail_outbox"
       SET "claimed_until" = now() + ${claimSeconds} * interval '1 second', "attempts" = "attempts" + 1
     WHERE "id" = ${id}::uuid
       AND "sent_at" IS NULL AND "failed_at" IS NULL AND "next_attempt_at" <= now()
       AND ("claimed_until" IS NULL OR "claimed_until" < now())
    RETURNING "id", "recipient", "subject", "text", "html", "attempts", "invoice_id"`;
  const row = rows[0];
  return row && { id: row.id, to: row.recipient, subject: row.subject, text: row.text, html: row.html, attempts: Number(row.attempts), invoiceId: row.invoice_id };
}

/**
 * Records a delivery and empties the bodies: a sent link (a reset token) has no reason to stay in the
 * database. A row to be forgotten (enqueueMail's forgetWhenDone) is deleted instead.
 */
export async function markOutboxSent(db: PrismaClient, id: string): Promise<void> {
  await db.$executeRaw`DELETE FROM "mail_outbox" WHERE "id" = ${id}::uuid AND "forget_when_done"`;
  await db.$executeRaw`
    UPDATE "mail_outbox" SET "sent_at" = now(), "claimed_until" = NULL, "last_error" = NULL, "text" = '', "html" = ''
     WHERE "id" = ${id}::uuid`;
}

/**
 * Records a failed attempt. With `retryInSeconds` the row becomes due again then, and the time is
 * returned; without, the mail is given up on (`failed_at`): its bodies are emptied, as a sent mail's
 * are (a link in them may hold a token, and the outbox is no place to keep one), and the row stays
 * 30 days with its recipient, subject and last error for an operator. A row to be forgotten
 * (enqueueMail's forgetWhenDone) is deleted instead.
 */
export async function recordOutboxFailure(db: PrismaClient, id: string, error: string, retryInSeconds: number | null): Promise<Date | null> {
  if (retryInSeconds === null) {
    await db.$executeRaw`DELETE FROM "mail_outbox" WHERE "id" = ${id}::uuid AND "forget_when_done"`;
    await db.$executeRaw`
      UPDATE "mail_outbox" SET "failed_at" = now(), "claimed_until" = NULL, "last_error" = ${error}, "text" = '', "html" = ''
       WHERE "id" = ${id}::uuid`;
    return null;
  }
  const rows = await db.$queryRaw<{ next_attempt_at: Date }[]>`
    UPDATE "mail_outbox"
       SET "next_attempt_at" = now() + ${retryInSeconds} * interval '1 second', "claimed_until" = NULL, "last_error" = ${error}
     WHERE "id" = ${id}::uuid
    RETURNING "next_attempt_at"`;
  return rows[0]?.next_attempt_at ?? null;
}

/** Rows that should be going out now but have nobody working on them (lost nudges, lapsed claims), with their attempts so far. */
export async function findDueOutboxIds(db: PrismaClient, limit = 100): Promise<{ id: string; attempts: number }[]> {
  const rows = await db.$queryRaw<{ id: string; attempts: number }[]>`
    SELECT "id", "attempts" FROM "mail_outbox"
     WHERE "sent_at" IS NULL AND "failed_at" IS NULL AND "next_attempt_at" <= now()
       AND ("claimed_until" IS NULL OR "claimed_until" < now())
     ORDER BY "next_attempt_at" LIMIT ${limit}`;
  return rows.map((row) => ({ id: row.id, attempts: Number(row.attempts) }));
}

/** Forgets sent mail after two weeks and given-up mail after thirty days. */
export async function pruneOutbox(db: PrismaClient): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "mail_outbox"
     WHERE "sent_at" < now() - interval '14 days' OR "failed_at" < now() - interval '30 days'`;
}
