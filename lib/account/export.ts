// "Download my data" (the GDPR's right of access): everything the site keeps about the signed-in
// account as one JSON document, streamed (the requests, the steps taken, the messages written, the audit
// entries and a handyman's offers and reviews are read EXPORT_BATCH rows at a time by keyset while the
// file is written, so an account with thousands of requests or jobs is never held in memory at once), by role: the account (with its language), its sessions, the links and
// mail sent to it, every repair request with its timeline and photos (with their download addresses), the quotes of its requests and their payments (with each payment's ledger lines and refunds), the handymen it went to and its review, the messages it wrote and received, operators' looks at its photos and conversations, and the conversations it reported; for a
// handyman their profile, every offer made to them (with the reasons they gave for declining), the
// reviews written about them and the steps they took on others' requests; for an operator their own
// audit entries; for everyone the audit entries that name them. Never a password hash or a token.
//
// EXPORT_COVERAGE below lists every column that ties a row to a person and says where the export holds
// those rows, or why it leaves them out; tests/integration/account-export.test.ts fails when a column
// appears that the list does not name.
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import type { Streamed } from "../api/json-stream";
import { fromDbCity, fromDbTaskType } from "../requests/catalogue";
import { fromTrackedRow, trackedRequestColumns } from "../requests/workflow";
import { photoPath } from "../photos/photos";
import { mailTo } from "../mail/outbox";
import { invoiceNumberText } from "../invoices/amounts";

const exportedRequestColumns = {
  ...trackedRequestColumns,
  events: {
    orderBy: { id: "asc" },
    select: { at: true, actorRole: true, action: true, fromState: true, toState: true, note: true, handyman: { select: { name: true } } },
  },
  offers: {
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { status: true, createdAt: true, expiresAt: true, answeredAt: true, handyman: { select: { name: true } } },
  },
  review: { select: { stars: true, text: true, createdAt: true } },
  billingName: true,
  billingStreet: true,
  billingPostcode: true,
  photos: { orderBy: [{ part: "asc" }, { position: "asc" }], select: { id: true, part: true, position: true, width: true, height: true, size: true, createdAt: true } },
} as const satisfies Prisma.RepairRequestSelect;

type ExportedRequestRow = Prisma.RepairRequestGetPayload<{ select: typeof exportedRequestColumns }>;

function exportedRequest(row: ExportedRequestRow) {
  const { id, taskType, city, date, details, criterion, createdAt, state, proposedDate } = fromTrackedRow(row);
  return {
    id,
    taskType,
    city,
    date,
    details,
    criterion,
    createdAt,
    state,
    proposedDate,
    timeline: row.events.map((event) => ({
      at: event.at.toISOString(),
      by: event.actorRole,
      step: event.action,
      from: event.fromState,
      to: event.toState,
      handyman: event.handyman?.name ?? null,
      note: event.note,
    })),
    offers: row.offers.map((offer) => ({
      handyman: offer.handyman.name,
      status: offer.status,
      offeredAt: offer.createdAt.toISOString(),
      answerBy: offer.expiresAt.toISOString(),
      answeredAt: offer.answeredAt?.toISOString() ?? null,
    })),
    review: row.review ? { stars: row.review.stars, text: row.review.text, writtenAt: row.review.createdAt.toISOString() } : null,
    invoiceMadeOutTo: { name: row.billingName, street: row.billingStreet, postcode: row.billingPostcode },
    // As stored (re-encoded, without metadata); each downloads from its address while signed in.
    photos: row.photos.map((photo) => ({
      id: photo.id,
      // "request", or "problem" for a photo added to the problem reported with the finished job.
      of: photo.part,
      position: photo.position,
      width: photo.width,
      height: photo.height,
      bytes: photo.size,
      addedAt: photo.createdAt.toISOString(),
      download: photoPath(id, photo.id),
    })),
  };
}

/**
 * Every column that ties a row to a person (a key to users or handymen, an operator's id, an address),
 * as "table.column", with where the export holds those rows, or why it leaves them out.
 */
export const EXPORT_COVERAGE = {
  exported: {
    "inputs.user_id": "requests, with the quotes of them (quotes, every line) and their payments (payments, with their ledger lines and refunds)",
    "sessions.user_id": "sessions",
    "account_tokens.user_id": "linksSent (purpose, address and dates; the token's hash is left out: it is a secret, and useless to the person)",
    "mail_outbox.recipient": "mail (subject and dates; the text is emptied once sent, and unsent text holds one-time links)",
    "handymen.user_id": "handyman.profile",
    "offers.handyman_id": "handyman.offers, with decline reasons",
    "reviews.handyman_id": "handyman.reviewsAboutYou",
    "request_events.actor_user_id": "stepsTaken (steps on other people's requests; steps on your own are in requests[].timeline)",
    "audit_log.actor_id": "auditEntries (the changes an operator made)",
    "handyman_applications.user_id": "applications (every field, with the decision and its reason)",
    "handyman_work_days.handyman_id": "handyman.profile.workDays",
    "handyman_days_off.handyman_id": "handyman.profile.daysOff",
    "request_photos.uploader_id": "requests[].photos (each with its download address; photos are only ever added by the request's homeowner)",
    "thread_messages.author_id": "messagesWritten (every message you wrote, as written, with its conversation and request)",
    "message_threads.reported_by": "conversationsReported (when, and the reason you gave)",
    "quotes.handyman_id": "handyman.quotes (every line, with its VAT rate, and the answer)",
    "payments.handyman_id": "handyman.payments (the homeowners' payments of your quotes, by attempt and status, with their ledger lines and refunds)",
    "invoices.handyman_id": "invoices (the invoices made in your name, their credit notes and Fixwell's commission invoices to you; a homeowner's invoices and credit notes too), each with its PDF's address",
    "push_subscriptions.user_id": "pushDevices (each device with notifications on: its browser, push service address and dates; the device's keys are left out: they are secrets, and useless to the person)",
    "notification_preferences.user_id": "notificationChoices (mail and push, per kind of event)",
  },
  leftOut: {
    // The handyman named in a step of a request is the handyman's, and their offers and the requests'
    // timelines already hold every step that concerns them; the homeowner's timeline names them by name.
    "request_events.handyman_id": "covered by handyman.offers and requests[].timeline",
    // An operator's approvals and rejections are audited, so they are in the operator's auditEntries.
    "handyman_applications.decided_by": "covered by auditEntries",
    // A thread ties a request to the handyman it was offered to: the offer itself is in handyman.offers,
    // and what the handyman wrote in it is in messagesWritten.
    "message_threads.handyman_id": "covered by handyman.offers and messagesWritten",
    // The matching index's rows are made by the database from the profile's cities, trades, price and rating.
    "handyman_offerings.handyman_id": "covered by handyman.profile (derived from its cities, trades, price, rating and insurance date)",
    // An operator's decision of a dispute is audited in its transaction, so it is in their auditEntries.
    "disputes.decided_by": "covered by auditEntries",
    // A job a handyman gave up is their offer, with its status, and the step on the request's timeline.
    "job_withdrawals.handyman_id": "covered by handyman.offers (the offer given up, with its status) and stepsTaken",
    // "On my way" and "I'm at the door" are steps on the request's timeline, with their times.
    "job_arrivals.handyman_id": "covered by stepsTaken (the on_my_way and at_the_door steps, with their times)",
    // A no-show is a step on the request's timeline (report_no_show, report_handyman_no_show) and the offer it ended.
    "no_shows.handyman_id": "covered by stepsTaken and handyman.offers",
  },
} as const;

type Db = Awaited<ReturnType<typeof getDb>>;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const day = (date: Date) => date.toISOString().slice(0, 10);

/** Applications to join as a professional, with every field given (bank account and numbers too: they are the person's own). */
async function applicationsPart(db: Db, userId: string) {
  const rows = await db.handymanApplication.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, name: true, phone: true, cities: true, taskTypes: true, hourlyPriceCents: true, kvkNumber: true, vatId: true, iban: true, intro: true, insurer: true, insuredUntil: true, status: true, rejectReason: true, decidedAt: true, createdAt: true },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    phone: row.phone,
    cities: row.cities.map(fromDbCity),
    taskTypes: row.taskTypes.map(fromDbTaskType),
    hourlyPrice: row.hourlyPriceCents / 100,
    kvkNumber: row.kvkNumber,
    vatId: row.vatId,
    iban: row.iban,
    introduction: row.intro,
    insurer: row.insurer,
    insuredUntil: day(row.insuredUntil),
    status: row.status,
    rejectionReason: row.rejectReason,
    decidedAt: iso(row.decidedAt),
    submittedAt: row.createdAt.toISOString(),
  }));
}

const offerColumns = { id: true, requestId: true, status: true, declineReason: true, createdAt: true, expiresAt: true, answeredAt: true, request: { select: { taskType: true, city: true, date: true } } } as const satisfies Prisma.OfferSelect;
type OfferRow = Prisma.OfferGetPayload<{ select: typeof offerColumns }>;

const reviewColumns = { id: true, requestId: true, stars: true, text: true, createdAt: true } as const satisfies Prisma.ReviewSelect;
type ReviewRow = Prisma.ReviewGetPayload<{ select: typeof reviewColumns }>;

// A quote and a payment read the same in a handyman's export (theirs) and a homeowner's (those of their
// requests): one list of fields each.
const quoteColumns = {
  id: true, requestId: true, status: true, netCents: true, vatCents: true, totalCents: true, validUntil: true, createdAt: true, answeredAt: true,
  lines: { orderBy: { position: "asc" }, select: { kind: true, description: true, quarterHours: true, hourlyPriceCents: true, netCents: true, vatRate: true } },
} as const satisfies Prisma.QuoteSelect;
type QuoteRow = Prisma.QuoteGetPayload<{ select: typeof quoteColumns }>;

const quoteView = (quote: QuoteRow) => ({
  id: quote.id,
  requestId: quote.requestId,
  status: quote.status,
  net: quote.netCents / 100,
  vat: quote.vatCents / 100,
  total: quote.totalCents / 100,
  sentAt: quote.createdAt.toISOString(),
  validUntil: quote.validUntil.toISOString(),
  answeredAt: iso(quote.answeredAt),
  lines: quote.lines.map((line) => ({
    kind: line.kind,
    description: line.description,
    hours: line.quarterHours === null ? null : line.quarterHours / 4,
    hourlyPrice: line.hourlyPriceCents === null ? null : line.hourlyPriceCents / 100,
    net: line.netCents / 100,
    vatRate: line.vatRate,
  })),
});

const paymentColumns = {
  id: true, requestId: true, quoteId: true, attempt: true, amountCents: true, status: true, createdAt: true,
  ledger: { orderBy: { id: "asc" }, select: { kind: true, amountCents: true, createdAt: true } },
  transfers: { where: { kind: "refund" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { amountCents: true, reasonKey: true, state: true, createdAt: true, finishedAt: true } },
} as const satisfies Prisma.PaymentSelect;
type PaymentRow = Prisma.PaymentGetPayload<{ select: typeof paymentColumns }>;

/** A payment with where its money went (its ledger lines: paid, refunded, released, commission, reversed) and its refunds, asked or done. */
const paymentView = (payment: PaymentRow) => ({
  id: payment.id,
  requestId: payment.requestId,
  quoteId: payment.quoteId,
  attempt: payment.attempt,
  amount: payment.amountCents / 100,
  status: payment.status,
  startedAt: payment.createdAt.toISOString(),
  ledger: payment.ledger.map((entry) => ({ kind: entry.kind, amount: entry.amountCents / 100, at: entry.createdAt.toISOString() })),
  refunds: payment.transfers.map((refund) => ({
    amount: refund.amountCents / 100,
    reason: refund.reasonKey,
    state: refund.state,
    askedAt: refund.createdAt.toISOString(),
    doneAt: iso(refund.finishedAt),
  })),
});

/** Rows ordered by (created_at, id), ascending: the next batch is the rows after the last one. */
const afterCreated = <Row extends { createdAt: Date; id: string }>(last: Row | undefined) =>
  last ? { OR: [{ createdAt: { gt: last.createdAt } }, { createdAt: last.createdAt, id: { gt: last.id } }] } : {};

/** The handyman side: the profile, the offers made to them, their quotes, the payments of those and the reviews about them (streamed, EXPORT_BATCH at a time). */
async function handymanPart(db: Db, userId: string) {
  const profile = await db.handyman.findUnique({
    where: { userId },
    select: { id: true, name: true, slug: true, cities: true, taskTypes: true, hourlyPriceCents: true, baseRating: true, rating: true, available: true, suspended: true, createdAt: true, intro: true, dailyCapacity: true, insuredUntil: true, businessName: true, businessStreet: true, businessPostcode: true, businessCity: true, kvkNumber: true, vatId: true, korScheme: true, workDays: { orderBy: { weekday: "asc" }, select: { weekday: true } }, daysOff: { orderBy: [{ startsOn: "asc" }, { id: "asc" }], select: { startsOn: true, endsOn: true } } },
  });
  if (!profile) return null;
  // Oldest first, the id breaking ties: each batch starts after the last row of the one before (inBatches below).
  const offers = inBatches(
    (last: OfferRow | undefined, take) =>
      db.offer.findMany({ where: { handymanId: profile.id, ...afterCreated(last) }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take, select: offerColumns }),
    (offer) => ({
      id: offer.id,
      requestId: offer.requestId,
      taskType: fromDbTaskType(offer.request.taskType),
      city: fromDbCity(offer.request.city),
      date: offer.request.date.toISOString().slice(0, 10),
      status: offer.status,
      declineReason: offer.declineReason,
      offeredAt: offer.createdAt.toISOString(),
      answerBy: offer.expiresAt.toISOString(),
      answeredAt: iso(offer.answeredAt),
    }),
  );
  const reviews = inBatches(
    (last: ReviewRow | undefined, take) =>
      db.review.findMany({ where: { handymanId: profile.id, ...afterCreated(last) }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take, select: reviewColumns }),
    (review) => ({ requestId: review.requestId, stars: review.stars, text: review.text, writtenAt: review.createdAt.toISOString() }),
  );
  const quotes = inBatches(
    (last: QuoteRow | undefined, take) =>
      db.quote.findMany({ where: { handymanId: profile.id, ...afterCreated(last) }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take, select: quoteColumns }),
    quoteView,
  );
  const payments = inBatches(
    (last: PaymentRow | undefined, take) =>
      db.payment.findMany({ where: { handymanId: profile.id, ...afterCreated(last) }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take, select: paymentColumns }),
    paymentView,
  );
  return {
    profile: {
      id: profile.id,
      name: profile.name,
      slug: profile.slug,
      cities: profile.cities.map(fromDbCity),
      taskTypes: profile.taskTypes.map(fromDbTaskType),
      hourlyPrice: profile.hourlyPriceCents / 100,
      startingRating: profile.baseRating,
      rating: profile.rating,
      available: profile.available,
      suspended: profile.suspended,
      createdAt: profile.createdAt.toISOString(),
      introduction: profile.intro,
      jobsPerDay: profile.dailyCapacity,
      insuredUntil: profile.insuredUntil ? day(profile.insuredUntil) : null,
      workDays: profile.workDays.map((d) => d.weekday),
      daysOff: profile.daysOff.map((d) => ({ from: day(d.startsOn), until: day(d.endsOn) })),
      businessDetails: {
        name: profile.businessName,
        street: profile.businessStreet,
        postcode: profile.businessPostcode,
        city: profile.businessCity,
        kvkNumber: profile.kvkNumber,
        vatId: profile.vatId,
        smallBusinessScheme: profile.korScheme,
      },
    },
    offers,
    quotes,
    payments,
    reviewsAboutYou: reviews,
  };
}

const invoiceColumns = { id: true, kind: true, series: true, number: true, issuedAt: true, issuerName: true, recipientName: true, requestId: true, netCents: true, vatCents: true, totalCents: true } as const satisfies Prisma.InvoiceSelect;
type InvoiceRow = Prisma.InvoiceGetPayload<{ select: typeof invoiceColumns }>;

type AuditRow = { id: bigint; createdAt: Date; action: string; targetType: string; targetId: string; before: unknown; after: unknown };

const auditView = (row: AuditRow) => ({
  id: row.id.toString(),
  at: row.createdAt.toISOString(),
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  before: row.before,
  after: row.after,
});

/** How many rows each read of a streamed list takes. */
export const EXPORT_BATCH = 200;

/**
 * Reads a list EXPORT_BATCH rows at a time, each read after the last row of the one before (`after` turns
 * that row into the next read's where), and yields its rows mapped by `view`.
 */
async function* inBatches<Row, View>(read: (after: Row | undefined, take: number) => Promise<Row[]>, view: (row: Row) => View): Streamed<View> {
  let last: Row | undefined;
  for (;;) {
    const rows = await read(last, EXPORT_BATCH);
    for (const row of rows) yield view(row);
    if (rows.length < EXPORT_BATCH) return;
    last = rows.at(-1);
  }
}

const stepColumns = { id: true, requestId: true, at: true, actorRole: true, action: true, fromState: true, toState: true, note: true } as const satisfies Prisma.RequestEventSelect;
type StepRow = Prisma.RequestEventGetPayload<{ select: typeof stepColumns }>;

const messageColumns = { id: true, body: true, createdAt: true, thread: { select: { id: true, requestId: true } } } as const satisfies Prisma.ThreadMessageSelect;
type MessageRow = Prisma.ThreadMessageGetPayload<{ select: typeof messageColumns }>;

const receivedColumns = { id: true, body: true, createdAt: true, erasedAt: true, thread: { select: { id: true, requestId: true } } } as const satisfies Prisma.ThreadMessageSelect;
type ReceivedRow = Prisma.ThreadMessageGetPayload<{ select: typeof receivedColumns }>;

/** Rows ordered by a bigint id, ascending: the next batch is the ids above the last one. */
const afterId = <Row extends { id: bigint }>(last: Row | undefined) => (last ? { id: { gt: last.id } } : {});

/**
 * The signed-in user's data, as the downloaded file holds it: the small parts read now, the lists that
 * grow with the account as streams read while the file is written (lib/api/json-stream.ts writes it).
 */
export async function exportAccountData(user: { id: string; email: string }, now = new Date()) {
  const db = await getDb();
  const account = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { id: true, email: true, role: true, locale: true, createdAt: true, emailVerifiedAt: true } });
  const auditColumns = { id: true, createdAt: true, action: true, targetType: true, targetId: true, before: true, after: true } as const;
  const [sessions, tokens, mail, handyman, applications, reported, pushDevices, notificationChoices] = await Promise.all([
    db.userSession.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { createdAt: true, remember: true, revokedAt: true } }),
    db.accountToken.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { purpose: true, email: true, createdAt: true, expiresAt: true, usedAt: true } }),
    mailTo(db, account.email),
    handymanPart(db, user.id),
    applicationsPart(db, user.id),
    db.messageThread.findMany({ where: { reportedById: user.id }, orderBy: [{ reportedAt: "asc" }, { id: "asc" }], select: { id: true, requestId: true, reportedAt: true, reportReason: true } }),
    db.pushSubscription.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { endpoint: true, label: true, createdAt: true, lastSuccessAt: true } }),
    db.notificationPreference.findMany({ where: { userId: user.id }, orderBy: { kind: "asc" }, select: { kind: true, mail: true, push: true } }),
  ]);
  // Newest first, the id breaking ties (descending): the next batch starts after the last request read.
  // Invoices and credit notes of their jobs (as the homeowner), and those concerning them as a handyman; kept seven years.
  const invoices = inBatches(
    (last: InvoiceRow | undefined, take) =>
      db.invoice.findMany({
        where: {
          OR: [{ request: { userId: user.id }, kind: { in: ["invoice", "credit_note"] } }, ...(handyman ? [{ handymanId: handyman.profile.id }] : [])],
          ...(last ? { OR: [{ issuedAt: { gt: last.issuedAt } }, { issuedAt: last.issuedAt, id: { gt: last.id } }] } : {}),
        },
        orderBy: [{ issuedAt: "asc" }, { id: "asc" }],
        take,
        select: invoiceColumns,
      }),
    (invoice) => ({
      id: invoice.id,
      kind: invoice.kind,
      number: invoiceNumberText(invoice.series, invoice.number),
      issuedAt: invoice.issuedAt.toISOString(),
      issuer: invoice.issuerName,
      recipient: invoice.recipientName,
      requestId: invoice.requestId,
      net: invoice.netCents / 100,
      vat: invoice.vatCents / 100,
      total: invoice.totalCents / 100,
      pdf: `/api/invoices/${invoice.id}`,
    }),
  );
  const requests = inBatches(
    (last: ExportedRequestRow | undefined, take) =>
      db.repairRequest.findMany({
        where: {
          userId: user.id,
          ...(last ? { AND: [{ createdAt: { lte: last.createdAt } }, { OR: [{ createdAt: { lt: last.createdAt } }, { id: { lt: last.id } }] }] } : {}),
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take,
        select: exportedRequestColumns,
      }),
    exportedRequest,
  );
  // The quotes of their requests, with every line, and the payments of those, with their ledger lines and refunds.
  const quotes = inBatches(
    (last: QuoteRow | undefined, take) =>
      db.quote.findMany({ where: { request: { userId: user.id }, ...afterCreated(last) }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take, select: quoteColumns }),
    quoteView,
  );
  const payments = inBatches(
    (last: PaymentRow | undefined, take) =>
      db.payment.findMany({ where: { request: { userId: user.id }, ...afterCreated(last) }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take, select: paymentColumns }),
    paymentView,
  );
  const steps = inBatches(
    (last: StepRow | undefined, take) =>
      db.requestEvent.findMany({
        where: { actorUserId: user.id, request: { userId: { not: user.id } }, ...afterId(last) },
        orderBy: { id: "asc" },
        take,
        select: stepColumns,
      }),
    (step) => ({
      requestId: step.requestId,
      at: step.at.toISOString(),
      as: step.actorRole,
      step: step.action,
      from: step.fromState,
      to: step.toState,
      note: step.note,
    }),
  );
  const messagesWritten = inBatches(
    (last: MessageRow | undefined, take) =>
      db.threadMessage.findMany({
        where: { authorId: user.id, ...(last ? { id: { gt: last.id } } : {}) },
        orderBy: { id: "asc" },
        take,
        select: messageColumns,
      }),
    (message) => ({ conversation: message.thread.id, requestId: message.thread.requestId, writtenAt: message.createdAt.toISOString(), text: message.body }),
  );
  // Messages the other side wrote to them, in the threads of their requests and, for a handyman, their own threads.
  const messagesReceived = inBatches(
    (last: ReceivedRow | undefined, take) =>
      db.threadMessage.findMany({
        where: {
          OR: [{ authorId: null }, { authorId: { not: user.id } }],
          thread: { OR: [{ request: { userId: user.id } }, ...(handyman ? [{ handymanId: handyman.profile.id }] : [])] },
          ...(last ? { id: { gt: last.id } } : {}),
        },
        orderBy: { id: "asc" },
        take,
        select: receivedColumns,
      }),
    (message) => ({
      conversation: message.thread.id,
      requestId: message.thread.requestId,
      writtenAt: message.createdAt.toISOString(),
      // An erased sender's message keeps nothing of what they wrote (lib/account/delete.ts).
      text: message.erasedAt ? null : message.body,
      senderDeletedAccount: message.erasedAt !== null,
    }),
  );
  // Operators' looks at their photos and conversations (each one audited): on their own requests, and for a handyman on their threads.
  const operatorViews = inBatches(
    (last: AuditRow | undefined, take) =>
      db.$queryRaw<AuditRow[]>`
        SELECT a."id", a."created_at" AS "createdAt", a."action", a."target_type" AS "targetType", a."target_id" AS "targetId", a."before", a."after"
          FROM "audit_log" a
         WHERE a."action" IN ('photo.view', 'thread.read') AND a."target_type" = 'request'
           AND (a."target_id" IN (SELECT r."input_id"::text FROM "inputs" r WHERE r."user_id" = ${user.id}::uuid)
                OR (${handyman?.profile.id ?? null}::int IS NOT NULL AND a."after"->>'handymanId' = ${String(handyman?.profile.id ?? "")}))
           AND a."id" > ${last?.id ?? 0n}
         ORDER BY a."id" ASC
         LIMIT ${take}`,
    (row) => ({ id: row.id.toString(), at: row.createdAt.toISOString(), action: row.action, requestId: row.targetId, details: row.after }),
  );
  const audit = inBatches(
    (last: AuditRow | undefined, take) =>
      account.role === "operator" ? db.auditEntry.findMany({ where: { actorId: user.id, ...afterId(last) }, orderBy: { id: "asc" }, take, select: auditColumns }) : Promise.resolve([]),
    auditView,
  );
  const aboutYou = inBatches(
    (last: AuditRow | undefined, take) =>
      db.auditEntry.findMany({
        // `people` is the target user and the userId or homeownerId of before and after (a generated column, GIN-indexed).
        where: { people: { has: user.id }, ...afterId(last) },
        orderBy: { id: "asc" },
        take,
        select: auditColumns,
      }),
    auditView,
  );
  return {
    exportedAt: now.toISOString(),
    account: {
      id: account.id,
      email: account.email,
      role: account.role,
      locale: account.locale,
      createdAt: account.createdAt.toISOString(),
      emailVerifiedAt: iso(account.emailVerifiedAt),
    },
    sessions: sessions.map((session) => ({ startedAt: session.createdAt.toISOString(), remembered: session.remember, endedAt: iso(session.revokedAt) })),
    linksSent: tokens.map((token) => ({ purpose: token.purpose, sentTo: token.email, sentAt: token.createdAt.toISOString(), validUntil: token.expiresAt.toISOString(), usedAt: iso(token.usedAt) })),
    mail: mail.map((message) => ({ to: message.recipient, subject: message.subject, queuedAt: message.createdAt.toISOString(), sentAt: iso(message.sentAt), failedAt: iso(message.failedAt) })),
    pushDevices: pushDevices.map((device) => ({ device: device.label, pushService: device.endpoint, turnedOnAt: device.createdAt.toISOString(), lastPushAt: iso(device.lastSuccessAt) })),
    notificationChoices,
    requests,
    quotes,
    payments,
    handyman,
    invoices,
    applications,
    stepsTaken: steps,
    messagesWritten,
    messagesReceived,
    operatorViews,
    conversationsReported: reported.map((thread) => ({ conversation: thread.id, requestId: thread.requestId, reportedAt: iso(thread.reportedAt), reason: thread.reportReason })),
    auditEntries: audit,
    auditEntriesAboutYou: aboutYou,
  };
}
