// The homeowner's statement whether the home is older than two years, after the request is stored: it
// sets the VAT rate of some trades' labour (lib/quotes/vat.ts), so it moves together with the quotes.
//
// - Before a quote is accepted the homeowner may answer again (the step state_home_age of
//   ./lifecycle.ts, from any state before done). A quote still waiting for an answer lapses at that moment
//   (its valid_until becomes now) when the new answer changes one of its lines' rates (lib/quotes/vat.ts): its
//   rates followed the old answer, so it can no longer be accepted, and
//   the handyman, mailed that it lapsed and why (./notices.ts), sends a new one, whose rates follow the
//   new answer, as after any lapse.
// - Once a quote is accepted (paid, or its payment under way) the answer is refused (409): the invoice
//   follows the quote that was accepted and paid. An operator can put a wrong answer right by cancelling.
//
// The request's row is locked first (the transition), so a quote being accepted or sent at the same
// moment is ordered with the change: either the quote goes first and the change is refused (accepted) or
// lapses it (sent), or the change goes first and the quote is refused (lib/quotes/quotes.ts).
import "server-only";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/current-user";
import { getDb } from "../db";
import { vatRateForTrade } from "../quotes/vat";
import { applyTransition } from "./lifecycle";
import { notify } from "./notices";
import { getTrackedRequestOrThrow, step } from "./workflow";

/**
 * Stores the homeowner's answer on one of their requests, with when it was given. 404 for another
 * user's request; 409 once a quote on it is accepted, or once the job is done or cancelled. Answering the
 * same as before changes nothing and is not refused.
 */
export async function stateHomeAge(user: SessionUser, requestId: string, olderThanTwoYears: boolean, now = new Date()): Promise<void> {
  const request = await getTrackedRequestOrThrow(await getDb(), user, requestId);
  if (request.homeOlderThanTwoYears === olderThanTwoYears) return;
  await step(async (tx, after) => {
    await applyTransition(tx, {
      requestId,
      action: "state_home_age",
      from: request.state,
      actor: { role: "homeowner", userId: user.id },
      note: `Home older than two years: ${olderThanTwoYears ? "yes" : "no"}.`,
      set: { homeOlderThanTwoYears: olderThanTwoYears, homeAgeStatedAt: now },
    });
    if (await tx.quote.findFirst({ where: { requestId, status: "accepted" }, select: { id: true } })) {
      throw new ApiError("conflict", { key: "homeAge.quoteAccepted" });
    }
    const sent = await tx.quote.findMany({
      where: { requestId, status: "sent", validUntil: { gt: now } },
      select: { id: true, handymanId: true, totalCents: true, lines: { select: { kind: true, vatRate: true } } },
    });
    // Only a quote whose rates the new answer changes lapses: a plumber's quote is at 21% whatever the answer.
    const waiting = sent.filter((quote) =>
      quote.lines.some((line) => line.vatRate !== vatRateForTrade({ taskType: request.taskType, lineKind: line.kind, homeOlderThanTwoYears: olderThanTwoYears })),
    );
    if (waiting.length === 0) return;
    await tx.quote.updateMany({ where: { id: { in: waiting.map((quote) => quote.id) } }, data: { validUntil: now } });
    for (const quote of waiting) {
      await notify.quoteLapsedByHomeAge(tx, after, { request, handymanId: quote.handymanId, totalCents: quote.totalCents, olderThanTwoYears });
    }
  });
}
