// The life of a repair request: its states, the one table of allowed transitions, and the one function
// that applies them. Pages and handlers ask this module what may happen next; nothing else changes a
// request's state.
//
//   submitted ─offer──────▶ offered ─accept──▶ accepted ─finish─▶ done ─review─▶ reviewed
//       │                   │  ▲    ─decline─▶ declined ─┐   ▲ │
//       └─find_nobody─▶ unmatched  ─expire──▶ expired  ─┴─pass_on─▶ offered (the next handyman)
//                           ▲                          └─run_out─▶ unmatched
//   accepted ─propose_date─▶ date_proposed ─confirm_date / keep_date─▶ accepted
//   done / reviewed ─confirm_done (homeowner, or the platform after 48 h)─▶ unchanged: confirmed_at set once,
//                                    the payment released (lib/requests/completion.ts)
//   done / reviewed ─report_problem (homeowner, within 14 days, instead of confirming)─▶ unchanged: a dispute
//                                    opens and the money stays held; ─decide_dispute (operator)─▶ unchanged:
//                                    confirmed_at set, the money released and/or refunded (lib/ops/disputes.ts)
//   anything before done ─cancel─▶ cancelled (by the homeowner, by an operator on their behalf, or by
//                                    the platform when the handyman who accepted it deleted their account)
//   accepted / date_proposed ─send_quote (handyman), accept_quote / decline_quote (homeowner)─▶ unchanged:
//                                    a fixed quote's steps (lib/quotes), on the timeline, the state kept;
//                                    accept_replacement_quote (homeowner): a lower quote replaces the paid one,
//                                    the difference refunded
//   offered ─reassign─▶ offered (the next handyman) / ─withdraw─▶ unmatched: an operator suspended the
//                                    holder, or the holder deleted their account
//   accepted / date_proposed ─withdraw_job (the handyman holding it)─▶ declined ─pass_on / run_out─▶ as after
//                                    a decline: the handyman cancels the job they accepted; a paid job is
//                                    refunded in full and the cancellation counts in their reliability
//                                    (withdrawJob in ./workflow.ts, ./cancellation.ts)
//   accepted / date_proposed ─on_my_way, at_the_door (the handyman, on the agreed day of a paid job),
//                                    report_no_show (the handyman, 20 minutes at the door, a door photo),
//                                    object_no_show (the homeowner, within 2 hours)─▶ unchanged;
//                                    ─settle_no_show (the platform when unchallenged: a late cancellation;
//                                    an operator deciding the objection's dispute)─▶ cancelled;
//                                    ─report_handyman_no_show (the homeowner, after the agreed window)─▶
//                                    cancelled, a full refund and a reliability mark (./no-show.ts)
//   anything before done ─state_home_age (homeowner)─▶ unchanged: the home's age answered again
//                                    (./home-age.ts; refused once a quote is accepted)
//
// A transition is one `UPDATE … WHERE id = ? AND state = <expected>`: when two people act on the same
// request at the same moment, the database lets exactly one of them change it and the other gets 409.
// Each applied transition is written to request_events in the same transaction, with its actor.
import type { Prisma } from "../generated/prisma/client";
import type { Criteria as DbCriterion } from "../generated/prisma/enums";
import { ApiError } from "../api/errors";
import type { RequestState } from "./catalogue";

// The states are ids of the catalogue (./catalogue.ts), where their words (./words.ts) find them too.
export { REQUEST_STATES, type RequestState } from "./catalogue";

export type ActorRole = "homeowner" | "handyman" | "operator" | "system";

/** Who makes a transition: a signed-in person, or the platform itself (expiry, passing a request on). */
export type Actor = { role: ActorRole; userId: string | null };

export const SYSTEM_ACTOR: Actor = { role: "system", userId: null };

type Transition = {
  from: readonly RequestState[];
  /** The state after the step; "unchanged" for a step that changes the request but not its state. */
  to: RequestState | "unchanged";
  by: readonly ActorRole[];
};

/** Every step a request can take: from which states, to which one, and who may take it. */
export const TRANSITIONS = {
  /** The criterion is saved (or the homeowner picks one of the next two): the request goes to one handyman. */
  offer: { from: ["submitted", "offered", "unmatched"], to: "offered", by: ["homeowner"] },
  /** The criterion is saved and nobody in the ranking can take the request. */
  find_nobody: { from: ["submitted", "offered", "unmatched"], to: "unmatched", by: ["homeowner"] },
  /** Before acceptance the homeowner moves the day freely. */
  change_date: { from: ["submitted", "offered", "unmatched"], to: "unchanged", by: ["homeowner"] },
  /** After acceptance a new day is only a proposal until the handyman answers. */
  propose_date: { from: ["accepted", "date_proposed"], to: "date_proposed", by: ["homeowner"] },
  /**
   * By the homeowner, or by an operator on the homeowner's behalf (with a reason the homeowner is mailed),
   * or by the platform when the handyman who accepted the job deleted their account (the homeowner is told).
   */
  cancel: { from: ["submitted", "offered", "unmatched", "accepted", "date_proposed"], to: "cancelled", by: ["homeowner", "operator", "system"] },
  review: { from: ["done"], to: "reviewed", by: ["homeowner"] },
  accept: { from: ["offered"], to: "accepted", by: ["handyman"] },
  decline: { from: ["offered"], to: "declined", by: ["handyman"] },
  /**
   * The handyman holding an accepted job cancels it before it is done: it is left "declined" for a moment,
   * and in the same transaction passed on (pass_on / run_out) as after a decline, the handyman leaving never
   * offered it again. A paid job's money goes back in full; the cancellation marks their reliability.
   */
  withdraw_job: { from: ["accepted", "date_proposed"], to: "declined", by: ["handyman"] },
  confirm_date: { from: ["date_proposed"], to: "accepted", by: ["handyman"] },
  keep_date: { from: ["date_proposed"], to: "accepted", by: ["handyman"] },
  finish: { from: ["accepted"], to: "done", by: ["handyman"] },
  /**
   * The homeowner confirms the finished job (before or after reviewing it), or the platform does 48 hours
   * after "done" (lib/requests/completion.ts): the request's confirmed_at is set once, and the payment is
   * released to the handyman less commission.
   */
  confirm_done: { from: ["done", "reviewed"], to: "unchanged", by: ["homeowner", "system"] },
  /**
   * Instead of confirming, the homeowner reports a problem with the work within 14 days of "done"
   * (lib/requests/disputes.ts): a dispute opens, the 48-hour confirmation and any release skip the job, and
   * the handyman is mailed. Confirming later still works and withdraws the dispute.
   */
  report_problem: { from: ["done", "reviewed"], to: "unchanged", by: ["homeowner"] },
  /**
   * An operator decides the open dispute (lib/ops/disputes.ts): release, partial or full refund, with a
   * reason; the job counts as confirmed from then on.
   */
  decide_dispute: { from: ["done", "reviewed"], to: "unchanged", by: ["operator"] },
  /**
   * The handyman holding the job sends a fixed quote (lib/quotes), replacing one not accepted, or a paid
   * one by a lower quote (the homeowner then accepts or declines it).
   */
  send_quote: { from: ["accepted", "date_proposed"], to: "unchanged", by: ["handyman"] },
  /** The homeowner accepts the quote; the payment follows. */
  accept_quote: { from: ["accepted", "date_proposed"], to: "unchanged", by: ["homeowner"] },
  decline_quote: { from: ["accepted", "date_proposed"], to: "unchanged", by: ["homeowner"] },
  /**
   * The homeowner answers again whether the home is older than two years (./home-age.ts), which sets the
   * VAT of some trades' labour: a sent quote lapses with it; once a quote is accepted it is refused.
   */
  state_home_age: { from: ["submitted", "offered", "unmatched", "accepted", "date_proposed"], to: "unchanged", by: ["homeowner"] },
  /** The homeowner accepts a lower quote replacing the paid one: the payment pays it, the difference is refunded. */
  accept_replacement_quote: { from: ["accepted", "date_proposed"], to: "unchanged", by: ["homeowner"] },
  /** On the agreed day of a paid job, the handyman holding it is on the way (./no-show.ts): the homeowner hears. */
  on_my_way: { from: ["accepted", "date_proposed"], to: "unchanged", by: ["handyman"] },
  /** …and at the door: from then the 20 minutes before a no-show may be reported count. */
  at_the_door: { from: ["accepted", "date_proposed"], to: "unchanged", by: ["handyman"] },
  /** Nobody opened: the handyman reports the homeowner's no-show with a photo of the door; the homeowner's window to object opens. */
  report_no_show: { from: ["accepted", "date_proposed"], to: "unchanged", by: ["handyman"] },
  /** The homeowner objects within the window: a dispute opens, an operator decides. */
  object_no_show: { from: ["accepted", "date_proposed"], to: "unchanged", by: ["homeowner"] },
  /**
   * The no-show is settled: by the platform when the window ended unchallenged (a late cancellation), or by
   * an operator deciding the dispute an objection opened (lib/ops/disputes.ts).
   */
  settle_no_show: { from: ["accepted", "date_proposed"], to: "cancelled", by: ["system", "operator"] },
  /** The handyman did not come within the agreed window: the homeowner reports it, a full refund and a reliability mark. */
  report_handyman_no_show: { from: ["accepted", "date_proposed"], to: "cancelled", by: ["homeowner"] },
  /** The handyman did not answer in time (expireOffer in ./workflow.ts, run by the job queue). */
  expire: { from: ["offered"], to: "expired", by: ["system"] },
  /** After a decline or an expiry: the next handyman in the same ranking who has not declined it. */
  pass_on: { from: ["declined", "expired"], to: "offered", by: ["system"] },
  /** After a decline or an expiry: nobody is left in the ranking. */
  run_out: { from: ["declined", "expired"], to: "unmatched", by: ["system"] },
  /**
   * An operator suspended the handyman holding an open offer, or the platform took them out of the market
   * when they deleted their account: the next handyman in the same ranking gets it…
   */
  reassign: { from: ["offered"], to: "offered", by: ["operator", "system"] },
  /** …or, with nobody left in the ranking, the request is without a handyman. */
  withdraw: { from: ["offered"], to: "unmatched", by: ["operator", "system"] },
} as const satisfies Record<string, Transition>;

export type Action = keyof typeof TRANSITIONS;

export function canTake(action: Action, state: RequestState, role?: ActorRole): boolean {
  const transition: Transition = TRANSITIONS[action];
  return transition.from.includes(state) && (role === undefined || transition.by.includes(role));
}

/** The steps `role` may take on a request in `state`, in the table's order. */
export function actionsFor(state: RequestState, role: ActorRole): Action[] {
  return (Object.keys(TRANSITIONS) as Action[]).filter((action) => canTake(action, state, role));
}

/** The state after `action` from `state`. */
export function stateAfter(action: Action, state: RequestState): RequestState {
  const to: Transition["to"] = TRANSITIONS[action].to;
  return to === "unchanged" ? state : to;
}

/** The 409 for a step the request's state does not allow (or that someone else's step just overtook). */
export function wrongState(state: RequestState): ApiError {
  return new ApiError("conflict", { key: "request.wrongState", values: { state } });
}

export type Step = {
  requestId: string;
  action: Action;
  /** The state the caller read; the update applies only if the request is still in it. */
  from: RequestState;
  actor: Actor;
  /** The handyman the step is about (offered to, accepted by…), shown on the timeline. */
  handymanId?: number | null;
  note?: string;
  /** Other columns the same step changes (the day, a proposed day). */
  set?: { date?: Date; proposedDate?: Date | null; criterion?: DbCriterion; homeOlderThanTwoYears?: boolean; homeAgeStatedAt?: Date };
};

/**
 * Applies one transition inside the caller's transaction: 409 when the table does not allow it from
 * `from`, or when the request is no longer in `from` (another step won the race). Returns the new state.
 */
export async function applyTransition(tx: Prisma.TransactionClient, step: Step): Promise<RequestState> {
  const transition: Transition = TRANSITIONS[step.action];
  if (!transition.by.includes(step.actor.role)) {
    throw new Error(`A ${step.actor.role} may not take the step "${step.action}".`);
  }
  if (!transition.from.includes(step.from)) throw wrongState(step.from);
  const to = stateAfter(step.action, step.from);
  const { count } = await tx.repairRequest.updateMany({
    where: { id: step.requestId, state: step.from },
    data: { state: to, ...step.set },
  });
  if (count !== 1) {
    const now = await tx.repairRequest.findUnique({ where: { id: step.requestId }, select: { state: true } });
    if (!now) throw new ApiError("not_found", { key: "requestNotFound" });
    throw wrongState(now.state);
  }
  await tx.requestEvent.create({
    data: {
      requestId: step.requestId,
      actorUserId: step.actor.userId,
      actorRole: step.actor.role,
      action: step.action,
      fromState: step.from,
      toState: to,
      handymanId: step.handymanId ?? null,
      note: step.note ?? "",
    },
  });
  return to;
}
