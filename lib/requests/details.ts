// What a homeowner sees of one request after sending it: its state, the handyman holding it, the
// timeline of every step, the review, and the steps open to them now; and what the confirmation page
// shows of the ranking (its top three, how many it holds, and who holds the request and where they stand);
// and what the criteria page gets to compare the criteria before one is chosen (a shortlist).
import "server-only";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { getDb } from "../db";
import { getTranslator } from "../i18n/translator";
import type { SessionUser } from "../auth/current-user";
import { publicHandymanColumns, toPublicHandyman, type PublicHandyman } from "../handymen/queries";
import { rankCandidates, rankHolder, rankShortlist } from "../handymen/ranking";
import type { Criterion } from "./catalogue";
import { actionsFor, TRANSITIONS, type Action, type ActorRole, type RequestState } from "./lifecycle";
import { requestIdSchema } from "./schemas";
import type { RepairRequest } from "./schemas";
import { fromStored } from "./stored";
import { candidateScope, findHolderOffer, getTrackedRequestOrThrow, rankingScope, trackedRequestColumns, fromTrackedRow, type TrackedRequest } from "./workflow";

export type TimelineEntry = {
  id: string;
  /** ISO timestamp. */
  at: string;
  actorRole: ActorRole;
  from: RequestState;
  to: RequestState;
  /** What happened, in one line ("Fenna accepted"), in the language asked for. */
  title: string;
  note: string;
};

export type Holder = PublicHandyman & { offer: "open" | "accepted"; respondBy: string };

export type RequestDetails = TrackedRequest & {
  /** The handyman the request is offered to or accepted by; null before an offer and after a cancellation of an open one. */
  handyman: Holder | null;
  timeline: TimelineEntry[];
  review: { stars: number; text: string; createdAt: string } | null;
  /** The steps the homeowner may take now (lib/requests/lifecycle.ts decides). */
  actions: Action[];
};

/** What one event on the timeline reads as in `locale` ("Fenna accepted"). */
function timelineTitle(action: string, handymanName: string | null, actorRole: ActorRole, locale: Locale = DEFAULT_LOCALE): string {
  const t = getTranslator(locale, "job");
  if (action === "cancel" && actorRole === "operator") return t("timeline.cancelledForYou");
  // The platform cancels a job only when the handyman who accepted it deleted their account (./workflow.ts).
  if (action === "cancel" && actorRole === "system") return t("timeline.handymanLeft", { who: handymanName ?? t("timeline.theHandyman") });
  if (!Object.hasOwn(TRANSITIONS, action) || !t.has(`timeline.${action}`)) return t("timeline.updated");
  return t(`timeline.${action}`, { who: handymanName ?? t("timeline.theHandyman") });
}

/**
 * One of the user's requests with everything /dashboard/orders/{id} shows, the timeline in `locale`;
 * 404 for another user's or an unknown id.
 */
export async function getRequestDetailsOrThrow(user: SessionUser, id: string, locale: Locale = DEFAULT_LOCALE): Promise<RequestDetails> {
  const db = await getDb();
  const request = await getTrackedRequestOrThrow(db, user, id);
  const [holder, events, review, confirmation] = await Promise.all([
    db.offer.findFirst({
      where: { requestId: id, status: { in: ["open", "accepted"] } },
      select: { status: true, expiresAt: true, handyman: { select: publicHandymanColumns } },
    }),
    db.requestEvent.findMany({
      where: { requestId: id },
      orderBy: { id: "asc" },
      select: { id: true, at: true, actorRole: true, action: true, fromState: true, toState: true, note: true, handyman: { select: { name: true, removedAt: true } } },
    }),
    db.review.findUnique({ where: { requestId: id }, select: { stars: true, text: true, createdAt: true } }),
    db.repairRequest.findUnique({ where: { id }, select: { confirmedAt: true } }),
  ]);
  return {
    ...request,
    handyman: holder
      ? { ...toPublicHandyman(holder.handyman, request), offer: holder.status === "accepted" ? "accepted" : "open", respondBy: holder.expiresAt.toISOString() }
      : null,
    timeline: events.map((event) => ({
      id: event.id.toString(),
      at: event.at.toISOString(),
      actorRole: event.actorRole,
      from: event.fromState,
      to: event.toState,
      // An erased handyman's profile keeps no name (lib/account/delete.ts): "The handyman".
      title: timelineTitle(event.action, event.handyman && !event.handyman.removedAt ? event.handyman.name : null, event.actorRole, locale),
      note: event.note,
    })),
    review: review ? { ...review, createdAt: review.createdAt.toISOString() } : null,
    // A finished job is confirmed once (lib/requests/completion.ts).
    actions: actionsFor(request.state, "homeowner").filter((action) => (action !== "confirm_done" && action !== "report_problem") || !confirmation?.confirmedAt),
  };
}

/** How many of the ranking's top the confirmation shows at most: the match and the next two (the match is the holder or the first). */
export const CONFIRMATION_TOP = 3;

export type ConfirmationView = {
  requestId: string;
  state: RequestState;
  /** The criterion the ranking is for: the request's stored one (null before one is chosen, and then nothing is ranked). */
  criterion: Criterion | null;
  /**
   * The top of the matching rule's ranking for the request (lib/handymen/ranking.ts), public fields only,
   * "available" on its day: the first CONFIRMATION_TOP, which hold the match and the next two whoever holds
   * the request. Never the pair's whole list.
   */
  top: PublicHandyman[];
  /** How many the ranking holds ("among the 5 plumbers in Rotterdam"). */
  count: number;
  /**
   * Who holds the request, when they are still one of its candidates, and their place in the ranking (1 for
   * the first, 0 when not in it); null before an offer, when nobody could take it, or after a cancellation.
   */
  holder: (PublicHandyman & { place: number }) | null;
  /** ISO timestamp: until when an open offer waits for the holder's answer. */
  respondBy: string | null;
};

/**
 * What the confirmation shows, for one of the user's requests (`id`) or else their newest; null when there
 * is no such request (an unknown id, another user's, or none at all).
 */
export async function findConfirmationView(user: SessionUser, id: string | undefined): Promise<ConfirmationView | null> {
  if (id !== undefined && !requestIdSchema.safeParse(id).success) return null;
  const db = await getDb();
  const where = id === undefined ? { userId: user.id } : { userId: user.id, id };
  const row = await db.repairRequest.findFirst({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: trackedRequestColumns });
  if (!row) return null;
  const request = fromTrackedRow(row);
  const holderOffer = await findHolderOffer(db, request.id);
  const base = { requestId: request.id, state: request.state, respondBy: holderOffer?.status === "open" ? holderOffer.expiresAt.toISOString() : null };
  if (!request.criterion) return { ...base, criterion: null, top: [], count: 0, holder: null };
  const scope = await rankingScope(db, request, request.criterion);
  const ranking = await rankCandidates(db, scope, { limit: CONFIRMATION_TOP });
  const holder = holderOffer ? await rankHolder(db, scope, holderOffer.handymanId) : null;
  return {
    ...base,
    criterion: request.criterion,
    top: ranking.top,
    count: ranking.count,
    holder: holder?.handyman ? { ...holder.handyman, place: holder.place } : null,
  };
}

/** How many of each criterion's ranking the criteria page's shortlist holds: its first (the pick) and the next two. */
export const SHORTLIST_TOP = 3;

export type CriteriaView = {
  /** The request, as the page shows it. */
  request: RepairRequest;
  /**
   * The first SHORTLIST_TOP of the request's ranking under each criterion (lib/handymen/ranking.ts), at
   * most 3 × SHORTLIST_TOP people, in the register's order, each with "available" on the request's day and
   * public fields only. The spec's rule (lib/matching.ts) over it picks, under each criterion, the
   * handyman choosing that criterion offers the request to. Never the pair's whole list.
   */
  shortlist: PublicHandyman[];
};

/** What the criteria page of one of the user's requests gets; null for an unknown id or another user's request. */
export async function findCriteriaView(user: SessionUser, id: string): Promise<CriteriaView | null> {
  if (!requestIdSchema.safeParse(id).success) return null;
  const db = await getDb();
  const row = await db.repairRequest.findFirst({ where: { id, userId: user.id }, select: trackedRequestColumns });
  if (!row) return null;
  const shortlist = await rankShortlist(db, await candidateScope(db, fromTrackedRow(row)), SHORTLIST_TOP);
  return { request: fromStored(row), shortlist };
}
