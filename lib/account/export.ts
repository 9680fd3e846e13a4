// "Download my data" (the GDPR's right of access): everything the site keeps about the signed-in
// account as one JSON document: the account, its handyman profile if it has one, and every repair
// request with its timeline, the handymen it went to and its review. Never a password hash or a token.
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { findHandymanForUser } from "../handymen/queries";
import { fromTrackedRow, trackedRequestColumns } from "../requests/workflow";

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
  };
}

/** The signed-in user's data, as the downloaded file holds it. */
export async function exportAccountData(user: { id: string; email: string }, now = new Date()) {
  const db = await getDb();
  const [account, requests, handyman] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: user.id }, select: { id: true, email: true, role: true, createdAt: true, emailVerifiedAt: true } }),
    db.repairRequest.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: exportedRequestColumns }),
    findHandymanForUser(user, db),
  ]);
  return {
    exportedAt: now.toISOString(),
    account: {
      id: account.id,
      email: account.email,
      role: account.role,
      createdAt: account.createdAt.toISOString(),
      emailVerifiedAt: account.emailVerifiedAt?.toISOString() ?? null,
    },
    handymanProfile: handyman,
    requests: requests.map(exportedRequest),
  };
}
