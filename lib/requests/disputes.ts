// A problem with the work: after the handyman marked the job done, and before it is confirmed, the homeowner
// may report what is wrong within PROBLEM_WINDOW_MS instead of confirming. A dispute opens (one per job),
// the money stays held — the 48-hour confirmation and every release skip a job with an open dispute
// (lib/requests/completion.ts) — and the handyman is mailed; they answer in the job's message thread. The
// homeowner can still confirm at any time, which withdraws the dispute and releases the money; otherwise
// an operator decides it at /ops/disputes (lib/ops/disputes.ts). docs/request-life.md tells the story.
import "server-only";
import { randomUUID } from "node:crypto";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/current-user";
import { getDb } from "../db";
import { Prisma } from "../generated/prisma/client";
import { balanceOf } from "../payments/ledger";
import { freeTextSchema } from "../validations/text";
import { applyTransition } from "./lifecycle";
import { notify } from "./notices";
import { findHolderOffer, getTrackedRequestOrThrow, step } from "./workflow";

/** How long after "done" a problem may be reported. */
export const PROBLEM_WINDOW_MS = 14 * 24 * 3_600_000;

export const MAX_PROBLEM_LENGTH = 2_000;

export const problemTextSchema = freeTextSchema({
  max: MAX_PROBLEM_LENGTH,
  typeMessage: "Write what is wrong as text.",
  maxMessage: `Keep it to ${MAX_PROBLEM_LENGTH} characters or fewer.`,
}).refine((value) => value.length >= 10, "Write what is wrong with the work (at least a sentence): the handyman and, if needed, an operator read it.");

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/**
 * The homeowner reports a problem with their finished job: 400 for missing or bad text, 404 for another's
 * job, 409 before "done", after confirming, PROBLEM_WINDOW_MS after "done", for a job not paid through
 * Fixwell (nothing to hold) and for a second report. Returns the dispute's id.
 */
export async function reportProblem(user: SessionUser, id: string, input: { text: unknown }, now = new Date()): Promise<string> {
  const parsed = problemTextSchema.safeParse(input.text ?? "");
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Please fix the field marked below.");
  const text = parsed.data;
  const db = await getDb();
  const request = await getTrackedRequestOrThrow(db, user, id);
  try {
    return await step(async (tx, after) => {
      const existing = await tx.dispute.findUnique({ where: { requestId: id }, select: { id: true } });
      if (existing) throw new ApiError("conflict", { key: "dispute.alreadyReported" });
      await applyTransition(tx, { requestId: id, action: "report_problem", from: request.state, actor: { role: "homeowner", userId: user.id } });
      const row = await tx.repairRequest.findUniqueOrThrow({ where: { id }, select: { confirmedAt: true } });
      if (row.confirmedAt) throw new ApiError("conflict", { key: "dispute.alreadyConfirmed" });
      const finished = await tx.requestEvent.findFirst({ where: { requestId: id, action: "finish" }, orderBy: { id: "desc" }, select: { at: true } });
      if (!finished || now.getTime() - finished.at.getTime() > PROBLEM_WINDOW_MS) throw new ApiError("conflict", { key: "dispute.tooLate" });
      const payment = await tx.payment.findFirst({
        where: { requestId: id, status: "paid" },
        select: { id: true, ledger: { select: { kind: true, amountCents: true } } },
      });
      if (!payment || balanceOf(payment.ledger).held < 1) throw new ApiError("conflict", { key: "dispute.notPaid" });
      const holder = await findHolderOffer(tx, id);
      if (holder?.status !== "accepted") throw new Error(`Request ${id} is done, but no accepted offer says by whom.`);
      const created = await tx.dispute.create({ data: { id: randomUUID(), requestId: id, paymentId: payment.id, openedAt: now, text } });
      await notify.problemReported(tx, after, { request: { ...request, userId: user.id }, handymanId: holder.handymanId, text });
      return created.id;
    });
  } catch (error) {
    // Two tabs reporting at once: the second finds the first's dispute.
    if (isUniqueViolation(error)) throw new ApiError("conflict", { key: "dispute.alreadyReported" });
    throw error;
  }
}

export type HomeownerDispute = { state: "open" | "decided" | "withdrawn"; openedAt: string; text: string; decision: string | null; reason: string | null };

/** The dispute of a request the caller already read as its homeowner's (the order page), if any. */
export async function disputeView(requestId: string): Promise<HomeownerDispute | null> {
  const db = await getDb();
  const row = await db.dispute.findUnique({ where: { requestId }, select: { state: true, openedAt: true, text: true, decision: true, reason: true } });
  return row ? { state: row.state, openedAt: row.openedAt.toISOString(), text: row.text, decision: row.decision, reason: row.state === "decided" ? row.reason : null } : null;
}
