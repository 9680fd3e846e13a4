// The payloads of a request's steps after it is sent, shared by the API handlers and the pages' forms
// (which post the same fields as text: a number of stars as "5", a switch as "on"). One schema each.
import { z } from "zod";
import { REQUEST_STATES } from "../requests/lifecycle";
import { requestFormSchema } from "../requests/schemas";
import { freeTextSchema } from "./text";

export const MAX_REVIEW_LENGTH = 2000;
export const MAX_DECLINE_REASON_LENGTH = 500;

/** An offer's id in a URL. */
export const offerIdSchema = z.uuid();

/** "5" from a form, 5 from JSON; anything else stays as it is, for the number check to refuse. */
const wholeNumber = (value: unknown) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value);

/** A form's button value ("true"/"false") or JSON's true/false. */
const switchValue = (value: unknown) => (value === "true" ? true : value === "false" ? false : value);

/**
 * The state the person saw when they acted (a page's hidden field). When given, the step applies only if
 * the request is still in it: a homeowner who cancels what they saw as "waiting for the handyman" while
 * the handyman accepts it gets 409 and sees the acceptance, instead of cancelling an accepted job unawares.
 */
const seenStateSchema = z.enum(REQUEST_STATES, { error: "Unknown request state." }).optional();

/** POST /api/requests/{id}/cancel. */
export const cancelSchema = z.object({ state: seenStateSchema });

/** POST /api/requests/{id}/reschedule: the new preferred day, under the request form's rule (today or later). */
export const rescheduleSchema = requestFormSchema.pick({ date: true }).extend({ state: seenStateSchema });

/** POST /api/requests/{id}/review: 1 to 5 stars and an optional text. */
export const reviewSchema = z.object({
  stars: z.preprocess(wholeNumber, z.number({ error: "Give 1 to 5 stars." }).int("Give 1 to 5 stars.").min(1, "Give at least 1 star.").max(5, "Give at most 5 stars.")),
  text: freeTextSchema({
    max: MAX_REVIEW_LENGTH,
    typeMessage: "Write the review as text.",
    maxMessage: `Keep the review to ${MAX_REVIEW_LENGTH.toLocaleString("en-GB")} characters or fewer.`,
  }).default(""),
});

/** POST /api/requests/{id}/handyman: one of the next two in the ranking instead. */
export const pickHandymanSchema = z.object({
  handymanId: z.preprocess(wholeNumber, z.number({ error: "Choose a handyman." }).int("Choose a handyman.").positive("Choose a handyman.")),
});

/** POST /api/pro/offers/{id}/decline: an optional reason, for the operator. */
export const declineSchema = z.object({
  reason: freeTextSchema({
    max: MAX_DECLINE_REASON_LENGTH,
    typeMessage: "Write the reason as text.",
    maxMessage: `Keep the reason to ${MAX_DECLINE_REASON_LENGTH} characters or fewer.`,
  }).default(""),
});

/** POST /api/pro/offers/{id}/date: confirm the homeowner's new day, or keep the agreed one. */
export const answerDateSchema = z.object({
  confirm: z.preprocess(switchValue, z.boolean({ error: "Say whether you confirm the new date." })),
});

/** POST /api/pro/availability: the "available now" switch. */
export const availabilitySchema = z.object({
  available: z.preprocess(switchValue, z.boolean({ error: "Say whether you are available now." })),
});
