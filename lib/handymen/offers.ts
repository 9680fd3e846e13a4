// What a handyman sees on /pro: the requests offered to them (open, and the ones they accepted, with
// what became of them), their rating and their reviews. A homeowner's name and email appear only on a
// job the handyman accepted that is still going or done, and only when the homeowner's address is
// verified; before that a handyman sees the job, never the person.
import "server-only";
import { getDb } from "../db";
import type { SessionUser } from "../auth/current-user";
import { displayNameFromEmail } from "../auth/current-user";
import { actionsFor, type Action, type RequestState } from "../requests/lifecycle";
import type { RepairRequest } from "../requests/schemas";
import { fromTrackedRow, trackedRequestColumns } from "../requests/workflow";
import { getHandymanForUserOrThrow, listReviewsForHandyman, type ProHandyman, type PublishedReview } from "./queries";

export type ProOffer = {
  id: string;
  /** "expired" also for an open offer past its deadline that the sweep has not closed yet. */
  status: "open" | "accepted" | "expired";
  /** ISO timestamp: when an open offer lapses. */
  respondBy: string;
  request: Pick<RepairRequest, "id" | "taskType" | "city" | "date" | "details"> & { state: RequestState; proposedDate: string | null };
  homeowner: { name: string; email: string } | null;
  /** What the handyman may do now (lib/requests/lifecycle.ts decides). */
  actions: Action[];
};

const CONTACT_STATES: readonly RequestState[] = ["accepted", "date_proposed", "done", "reviewed"];

export type ProView = { handyman: ProHandyman; offers: ProOffer[]; reviews: PublishedReview[] };

/** The signed-in handyman's page; 404 for anyone who is not a handyman. */
export async function getProViewOrThrow(user: SessionUser, now = new Date()): Promise<ProView> {
  const db = await getDb();
  const handyman = await getHandymanForUserOrThrow(user, db);
  const [rows, reviews] = await Promise.all([
    db.offer.findMany({
      where: { handymanId: handyman.id, status: { in: ["open", "accepted"] } },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      select: {
        id: true,
        status: true,
        expiresAt: true,
        request: { select: { ...trackedRequestColumns, user: { select: { email: true, emailVerifiedAt: true } } } },
      },
    }),
    listReviewsForHandyman(handyman.id, db),
  ]);
  const offers = rows.map((row): ProOffer => {
    const request = fromTrackedRow(row.request);
    const lapsed = row.status === "open" && row.expiresAt <= now;
    const status = lapsed ? "expired" : row.status === "accepted" ? "accepted" : "open";
    const owner = row.request.user;
    const showContact = row.status === "accepted" && CONTACT_STATES.includes(request.state) && owner.emailVerifiedAt !== null;
    return {
      id: row.id,
      status,
      respondBy: row.expiresAt.toISOString(),
      request: {
        id: request.id,
        taskType: request.taskType,
        city: request.city,
        date: request.date,
        details: request.details,
        state: request.state,
        proposedDate: request.proposedDate,
      },
      homeowner: showContact ? { name: displayNameFromEmail(owner.email), email: owner.email } : null,
      actions: status === "expired" ? [] : actionsFor(request.state, "handyman"),
    };
  });
  return { handyman, offers, reviews };
}
