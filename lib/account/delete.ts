// "Delete my account" (the GDPR's right to erasure): after the password is confirmed, one transaction
// removes the account, its repair requests and its links, and queues a goodbye mail to the address it
// had. The account's row goes, so a session cookie issued to it signs nobody in from that moment.
//
// A job a handyman accepted is part of that handyman's records too (their timeline, their reviews and
// rating), so it is anonymised rather than removed: its details text and photos are deleted and it moves to a new,
// nameless placeholder account (deleted-<random id>@deleted.invalid, an address no form accepts, with no
// usable password); so is a request with a payment, whose money records stay. A handyman who holds a
// job that is not done yet (an offer waiting for an answer, or an accepted job) is told it is cancelled,
// through the request's own lifecycle. Everything else goes.
// A handyman's account takes their profile out of the market first (lib/requests/workflow.ts's
// takeHandymanOutOfMarket: open offers passed on, accepted jobs cancelled, their homeowners told), and
// marks the profile removed: its public page answers 410 Gone from then on (lib/handymen/profile.ts).
//
// Invoices and credit notes are kept (the tax law's seven years outweigh erasure for what they hold): each is
// a copy of the names, addresses and amounts it was issued with (lib/invoices), and no reference to an
// account, request or profile deletes one. The request's billing name and address and the handyman's
// business details go like the rest; the invoices' own copies stay.
//
// The address leaves no trace either (eraseMailTraces): mail waiting for it is not sent, the rows of mail
// sent to it go, and the goodbye's own row is deleted once it has left. The audit log names accounts by
// id only and keeps no names or free text (lib/ops/audit.ts), so it needs nothing here.
//
// Nor does anything the person wrote or was called stay in what others keep (eraseWritings,
// eraseHandymanProfile): their messages in conversations that stay (a kept job's, an erased handyman's)
// are emptied and marked erased (the other side reads "Message removed: the sender deleted their
// account"), the reasons they gave for reporting a conversation go, a kept job's review keeps its stars
// but not its text, and a handyman's profile keeps no name, introduction, working days, days off or
// insurance date: its name and slug become `removed-{id}`, the timelines of other people's requests and
// the mail others were sent name them that way, and /pros/removed-{id} answers 410.
import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { accountDeletedMessage, forgetMailTo, queueMail, type MailMessage } from "../mail";
import { AfterCommit } from "../queue/after-commit";
import { revalidateListedProfiles } from "../cache";
import { applyTransition, canTake } from "../requests/lifecycle";
import { notify } from "../requests/notices";
import { fromTrackedRow, takeHandymanOutOfMarket, trackedRequestColumns } from "../requests/workflow";
import { recordCancellation, settleCancellations } from "../requests/cancellation";
import { checkCurrentPassword } from "../auth/passwords";
import { purgeDeletedPhotoObjects } from "../photos/storage";
import { authLimiters, type AuthLimiters } from "../auth/limits";

type Tx = Prisma.TransactionClient;

/** The address of a placeholder that keeps a deleted account's accepted jobs: unique, and refused by every form (lib/validations/auth.ts). */
const deletedAccountEmail = (placeholderId: string) => `deleted-${placeholderId}@deleted.invalid`;

/** No argon2 hash looks like this, so no password ever matches it. */
const NO_PASSWORD = "!deleted";

export type DeleteAccountOutcome =
  | { kind: "deleted"; email: string; keptForHandymen: number }
  | { kind: "wrong_password" }
  | { kind: "rate_limited"; retryAfterSeconds: number };

export async function deleteAccount(userId: string, password: string, limiters: AuthLimiters = authLimiters()): Promise<DeleteAccountOutcome> {
  const check = await checkCurrentPassword(userId, password, "delete_account", limiters);
  if (check.kind === "wrong") return { kind: "wrong_password" };
  if (check.kind === "rate_limited") return check;

  const db = await getDb();
  const after = new AfterCommit();
  // Each request a handyman holds is cancelled through its lifecycle (a step and a mail each): an account
  // holding hundreds takes longer than Prisma's default 5 s for an interactive transaction.
  const { cancelled, ...outcome } = await db.$transaction((tx) => eraseAccount(tx, after, userId), { timeout: ERASE_TIMEOUT_MS });
  await after.run();
  // The refunds (and late fees) of the paid jobs the erasure cancelled, now that it has committed.
  await settleCancellations(cancelled);
  // A handyman's profile has left the sitemap (every deletion expires it: they are few).
  await revalidateListedProfiles();
  await purgeDeletedPhotoObjects();
  console.info(`[security] account deleted: user=${userId} kept_for_handymen=${outcome.keptForHandymen}`);
  return { kind: "deleted", ...outcome };
}

/** How many of the account's held requests erasure reads at a time. */
export const ERASE_BATCH = 200;

/** How long the erasure's one transaction may take. */
const ERASE_TIMEOUT_MS = 60_000;

async function eraseAccount(tx: Tx, after: AfterCommit, userId: string): Promise<{ email: string; keptForHandymen: number; cancelled: string[] }> {
  // The account's row first, as an operator's decision on an application locks it first
  // (lib/handymen/applications.ts, lockForDecision): an approval committing after the look for a
  // profile below would otherwise leave a profile in the market whose account this removes.
  await tx.$queryRaw`SELECT "id" FROM "users" WHERE "id" = ${userId}::uuid FOR UPDATE`;
  const { email, locale } = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, locale: true } });
  const departure = await takeHandymanOutOfMarket(tx, after, userId);
  const cancelled: string[] = [...(departure?.cancelledRequests ?? [])];
  await eraseHandymanProfile(tx, userId);
  // Only requests a handyman holds need a step of their own (the rest go with the account below). They are
  // read ERASE_BATCH at a time by id, in this one transaction, so an account with thousands of requests is
  // never held in memory at once; each batch's cancellations and kept jobs are written before the next read.
  let placeholderId: string | null = null;
  let keptForHandymen = 0;
  for (let last: string | undefined; ; ) {
    const rows = await tx.repairRequest.findMany({
      where: {
        userId,
        OR: [{ offers: { some: { status: { in: ["open", "accepted"] } } } }, { payments: { some: {} } }],
        ...(last ? { id: { gt: last } } : {}),
      },
      orderBy: { id: "asc" },
      take: ERASE_BATCH,
      select: {
        ...trackedRequestColumns,
        offers: { where: { status: { in: ["open", "accepted"] } }, select: { handymanId: true, status: true } },
        _count: { select: { payments: true } },
      },
    });
    const kept: string[] = [];
    for (const row of rows) {
      const request = fromTrackedRow(row);
      const holder = row.offers[0];
      if (holder && canTake("cancel", request.state)) {
        const now = new Date();
        await applyTransition(tx, { requestId: request.id, action: "cancel", from: request.state, actor: { role: "homeowner", userId } });
        // Deleting the account cancels as the homeowner: the same rule (lib/payments/cancellation.ts) as the Cancel button.
        const money = await recordCancellation(tx, request.id, "homeowner", now);
        if (money) cancelled.push(request.id);
        await tx.offer.updateMany({ where: { requestId: request.id, status: "open" }, data: { status: "withdrawn", answeredAt: now } });
        await notify.cancelled(tx, after, { request, handymanId: holder.handymanId, money });
      }
      // A payment's records (its ledger, and the invoices that follow it) are kept as the law asks, so
      // its request stays too, anonymised like an accepted job.
      if (row.offers.some((offer) => offer.status === "accepted") || row._count.payments > 0) kept.push(request.id);
    }
    if (kept.length > 0) {
      placeholderId ??= (await tx.user.create({ data: { email: deletedAccountEmail(randomUUID()), passwordHash: NO_PASSWORD }, select: { id: true } })).id;
      await tx.repairRequest.updateMany({
        where: { id: { in: kept } },
        data: { userId: placeholderId, details: "", proposedDate: null, billingName: null, billingStreet: null, billingPostcode: null },
      });
      // Photos of someone's home are theirs, like the details text: they go even with a job that is kept.
      await tx.requestPhoto.deleteMany({ where: { requestId: { in: kept } } });
      // The stars stay in the handyman's rating; the words were the homeowner's.
      await tx.review.updateMany({ where: { requestId: { in: kept } }, data: { text: "" } });
      keptForHandymen += kept.length;
    }
    if (rows.length < ERASE_BATCH) break;
    last = rows.at(-1)?.id;
  }
  await eraseWritings(tx, userId);
  // The rest goes with the account: requests (with their offers, events, reviews and photos), mailed links,
  // notification choices, and the devices with web push on (their queued pushes with them).
  await tx.user.delete({ where: { id: userId } });
  await eraseMailTraces(tx, after, email, accountDeletedMessage({ to: email, keptForHandymen, locale: locale === "nl" ? "nl" : "en" }));
  return { email, keptForHandymen, cancelled };
}

/**
 * The erased address in the outbox: every row to it goes (unsent mail, a verification link among it, is
 * never delivered; sent mail's rows are not kept), then the goodbye is queued as the one mail that still
 * leaves, its row deleted once it is sent or given up on.
 */
async function eraseMailTraces(tx: Tx, after: AfterCommit, email: string, goodbye: MailMessage): Promise<void> {
  await forgetMailTo(tx, email);
  await queueMail(tx, after, goodbye, { forgetWhenDone: true });
}

/** The name and slug an erased handyman's profile keeps: no person's, unique, and a slug (`removed-{id}`). */
export const removedProfileName = (handymanId: number) => `removed-${handymanId}`;

/**
 * A PostgreSQL regular expression matching `name` with its characters taken literally, as a whole word
 * where it starts or ends with a letter or digit ("Jan" not in "January").
 */
function wordPattern(name: string): string {
  const literal = name.replace(/[\\^$.*+?()[\]{}|-]/g, "\\$&");
  return `${/^[\p{L}\p{N}]/u.test(name) ? "\\m" : ""}${literal}${/[\p{L}\p{N}]$/u.test(name) ? "\\M" : ""}`;
}

/**
 * An erased handyman's profile stays (the jobs they did and the reviews about them are other people's
 * records too) but says nothing about them: out of the market (already, by takeHandymanOutOfMarket) and
 * removed (its page answers 410), its name and slug `removed-{id}`, no introduction, working days, days
 * off or insurance date. The name is replaced in the notes of the steps that named them on other people's
 * timelines ("The handyman", the notes are stored in English) and in the mail others were sent about them
 * (the subjects kept for a failed delivery, the text of mail not yet sent).
 */
async function eraseHandymanProfile(tx: Tx, userId: string): Promise<void> {
  const profile = await tx.handyman.findUnique({ where: { userId }, select: { id: true, name: true } });
  if (!profile) return;
  const pseudonym = removedProfileName(profile.id);
  await tx.handyman.update({
    where: { id: profile.id },
    data: {
      removedAt: new Date(),
      name: pseudonym,
      slug: pseudonym,
      intro: "",
      insuredUntil: null,
      insuranceRemindedFor: null,
      businessName: null,
      businessStreet: null,
      businessPostcode: null,
      businessCity: null,
      kvkNumber: null,
      vatId: null,
      korScheme: false,
    },
  });
  await tx.handymanWorkDay.deleteMany({ where: { handymanId: profile.id } });
  await tx.handymanDayOff.deleteMany({ where: { handymanId: profile.id } });
  const name = profile.name.trim();
  if (name === "") return;
  const word = wordPattern(name);
  await tx.$executeRaw`
    UPDATE "request_events"
       SET "note" = regexp_replace(regexp_replace("note", '^' || ${word}, 'The handyman', 'i'), ${word}, 'the handyman', 'gi')
     WHERE "handyman_id" = ${profile.id} AND "note" ~* ${word}`;
  await tx.$executeRaw`
    UPDATE "mail_outbox"
       SET "subject" = regexp_replace("subject", ${word}, ${pseudonym}, 'gi'),
           "text" = regexp_replace("text", ${word}, ${pseudonym}, 'gi'),
           "html" = regexp_replace("html", ${word}, ${pseudonym}, 'gi')
     WHERE "subject" ~* ${word} OR "text" ~* ${word} OR "html" ~* ${word}`;
}

/**
 * What the person wrote that others keep: their messages in conversations that stay (a job kept for its
 * handyman, an erased handyman's threads) are emptied and marked erased, and the reasons they gave for
 * reporting a conversation go (the report itself stays for the console, by nobody).
 */
async function eraseWritings(tx: Tx, userId: string): Promise<void> {
  await tx.threadMessage.updateMany({ where: { authorId: userId }, data: { body: "", erasedAt: new Date() } });
  await tx.messageThread.updateMany({ where: { reportedById: userId }, data: { reportReason: null } });
}
