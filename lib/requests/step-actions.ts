"use server";
// The server actions behind the forms of a request's steps: the same schemas and the same functions
// (lib/requests/workflow.ts) as the API's handlers, the signed-in user from the session cookie, and the
// ids from the form checked like route parameters. A refusal is answered in the form; a step that went
// through leads to the page again, fresh, with a notice (a redirect without JavaScript, so a reload does
// not post twice; the in-page form is told where to go). Answers and the page led to are in the language
// of the page the form was posted from.
import { z } from "zod";
import { ApiError } from "../api/errors";
import { requestStep, userAction } from "../forms/action";
import { apiMessage } from "../api/errors";
import { localizedPath } from "../i18n/paths";
import { withNotice } from "../notices";
import type { ExpectedCancellation } from "./cancellation";
import { setAvailability } from "../handymen/queries";
import { textOf } from "../validations/form-data";
import {
  answerDateSchema,
  availabilitySchema,
  cancelSchema,
  declineSchema,
  offerIdSchema,
  pickHandymanSchema,
  rescheduleSchema,
  reviewSchema,
} from "../validations/request-steps";
import { homeAgeAnswerSchema, requestIdSchema } from "./schemas";
import { stateHomeAge } from "./home-age";
import type { StepFormState } from "./step-form";
import { chooseCriterionBodySchema, fromChooseCriterionBody } from "./wire";
import { confirmDone } from "./completion";
import { reportProblem } from "./disputes";
import { objectToNoShow, reportHandymanNoShow, reportHomeownerNoShow, sayAtTheDoor, sayOnMyWay } from "./no-show";
import { photosOf } from "../photos/form";
import { acceptOffer, answerDate, cancelRequest, changeDate, chooseCriterion, declineOffer, markDone, pickAlternative, reviewRequest, withdrawJob } from "./workflow";

const PRO_PATH = "/pro";
const CONFIRMATION_PATH = "/inputs/criteria/arranging";

function parse<S extends z.ZodType>(schema: S, values: unknown): z.infer<S> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, { key: "fixField" });
  return parsed.data;
}

function idFrom<S extends z.ZodType>(form: FormData, name: string, schema: S): z.infer<S> {
  const parsed = schema.safeParse(textOf(form, name));
  if (!parsed.success) throw new ApiError("not_found", { key: "requestNotFound" });
  return parsed.data;
}

/** The order page of the request the form names (a malformed id is refused by the step itself). */
const orderOf = (form: FormData) => `/dashboard/orders/${encodeURIComponent(textOf(form, "request_id"))}`;

// ---- The homeowner's. ----

/** The amounts the Cancel button showed (hidden fields): only compared with the rule's answer, never paid out. */
const shownCentsSchema = z.string().regex(/^\d{1,7}$/).transform(Number);

function shownAmounts(form: FormData): ExpectedCancellation | undefined {
  const refund = textOf(form, "refund_cents");
  const fee = textOf(form, "fee_cents");
  if (refund === "" && fee === "") return undefined;
  const parsed = z.object({ refundCents: shownCentsSchema, feeCents: shownCentsSchema }).safeParse({ refundCents: refund || "0", feeCents: fee || "0" });
  if (!parsed.success) throw new ApiError("bad_request", { key: "fixField" });
  return parsed.data;
}

/**
 * The homeowner cancels. The money follows the cancellation rule at the moment of the press; when it no
 * longer says what the button showed (the 24 hours before the day began meanwhile) nothing is cancelled
 * and the page is shown again with the new amount and a notice asking again.
 */
export async function cancelRequestAction(previous: StepFormState, form: FormData): Promise<StepFormState> {
  return userAction.action<StepFormState>({ name: "a request's step", area: "requests", failure: ({ locale }) => apiMessage(locale, { key: "request.stepFailed" }) }, async ({ user, locale, moveOn }) => {
    const id = idFrom(form, "request_id", requestIdSchema);
    const { state } = parse(cancelSchema, { state: textOf(form, "state") || undefined });
    const back = localizedPath(locale, orderOf(form));
    try {
      await cancelRequest(user, id, state, new Date(), shownAmounts(form));
    } catch (error) {
      if (error instanceof ApiError && error.text?.key === "request.cancelAmountChanged") return moveOn(withNotice(back, "cancel-amount-changed"));
      throw error;
    }
    return moveOn(withNotice(back, "cancelled"));
  })(previous, form);
}

export async function changeDateAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  const asked = textOf(form, "state") === "accepted" || textOf(form, "state") === "date_proposed";
  return requestStep(form, asked ? "date-asked" : "date-changed", orderOf(form), async (user) => {
    const id = idFrom(form, "request_id", requestIdSchema);
    const { date, state } = parse(rescheduleSchema, { date: textOf(form, "date"), state: textOf(form, "state") || undefined });
    await changeDate(user, id, date, state);
  });
}

/** The homeowner answers again whether the home is older than two years (./home-age.ts). */
export async function stateHomeAgeAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "home-age-stated", orderOf(form), async (user) => {
    const id = idFrom(form, "request_id", requestIdSchema);
    const { home_older_than_two_years: older } = parse(z.object({ home_older_than_two_years: homeAgeAnswerSchema }), { home_older_than_two_years: textOf(form, "home_older_than_two_years") });
    await stateHomeAge(user, id, older);
  });
}

export async function reviewAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "reviewed", orderOf(form), async (user) => {
    const id = idFrom(form, "request_id", requestIdSchema);
    const review = parse(reviewSchema, { stars: form.get("stars") ?? undefined, text: textOf(form, "text") });
    await reviewRequest(user, id, review);
  });
}

/** The homeowner confirms the job the handyman marked done; its payment is released (lib/requests/completion.ts). */
export async function confirmDoneAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "job-confirmed", orderOf(form), async (user) => {
    await confirmDone(user, idFrom(form, "request_id", requestIdSchema));
  });
}

/**
 * The criterion chosen on /inputs/criteria/{id} without JavaScript (the button pressed posts `criteria`, the
 * page's city and task type go along as the API's check): saved and offered as POST /api/inputs/{id}/criteria
 * does, then the confirmation. With JavaScript the page calls that API itself.
 */
export async function chooseCriterionAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  const back = `${CONFIRMATION_PATH}?${new URLSearchParams({ input: textOf(form, "request_id") })}`;
  return requestStep(form, "criterion-chosen", back, async (user) => {
    const id = idFrom(form, "request_id", requestIdSchema);
    const choice = parse(chooseCriterionBodySchema, { criteria: textOf(form, "criteria"), city: textOf(form, "city"), task_type: textOf(form, "task_type") });
    await chooseCriterion(user, id, fromChooseCriterionBody(choice));
  });
}

export async function pickHandymanAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  const back = `${CONFIRMATION_PATH}?${new URLSearchParams({ input: textOf(form, "request_id") })}`;
  return requestStep(form, "picked", back, async (user) => {
    const id = idFrom(form, "request_id", requestIdSchema);
    const { handymanId } = parse(pickHandymanSchema, { handymanId: textOf(form, "handyman_id") });
    await pickAlternative(user, id, handymanId);
  });
}

// ---- The handyman's. ----

export async function acceptOfferAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "accepted", PRO_PATH, (user) => acceptOffer(user, idFrom(form, "offer_id", offerIdSchema)));
}

export async function declineOfferAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "declined", PRO_PATH, async (user) => {
    const id = idFrom(form, "offer_id", offerIdSchema);
    const { reason } = parse(declineSchema, { reason: textOf(form, "reason") });
    await declineOffer(user, id, reason);
  });
}

/**
 * The handyman cancels a job they accepted (withdrawJob): the homeowner's money back in full, the request
 * passed on, the cancellation counted in their reliability. The confirmation is on the page, before the press.
 */
export async function withdrawJobAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "job-withdrawn", PRO_PATH, async (user) => {
    await withdrawJob(user, idFrom(form, "offer_id", offerIdSchema));
  });
}

export async function markDoneAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "done", PRO_PATH, (user) => markDone(user, idFrom(form, "offer_id", offerIdSchema)));
}

export async function answerDateAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "date-answered", PRO_PATH, async (user) => {
    const id = idFrom(form, "offer_id", offerIdSchema);
    const { confirm } = parse(answerDateSchema, { confirm: textOf(form, "confirm") });
    await answerDate(user, id, confirm);
  });
}

export async function setAvailabilityAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "availability", PRO_PATH, async (user) => {
    const { available } = parse(availabilitySchema, { available: textOf(form, "available") });
    await setAvailability(user, available);
  });
}

/** Instead of confirming, the homeowner reports a problem with the work (lib/requests/disputes.ts): the money stays held. */
export async function reportProblemAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "problem-reported", orderOf(form), async (user) => {
    await reportProblem(user, idFrom(form, "request_id", requestIdSchema), { text: textOf(form, "text") });
  });
}

// ---- On the day of a paid job (./no-show.ts). ----

/** The handyman is on the way: the homeowner hears of it. */
export async function onMyWayAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "on-my-way", PRO_PATH, (user) => sayOnMyWay(user, idFrom(form, "offer_id", offerIdSchema)));
}

export async function atTheDoorAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "at-the-door", PRO_PATH, (user) => sayAtTheDoor(user, idFrom(form, "offer_id", offerIdSchema)));
}

/** Nobody opened: the handyman reports the homeowner's no-show with a photo of the door (multipart, also without JavaScript). */
export async function reportNoShowAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "no-show-reported", PRO_PATH, async (user) => {
    const id = idFrom(form, "offer_id", offerIdSchema);
    await reportHomeownerNoShow(user, id, await photosOf(form));
  });
}

/** The homeowner objects to a no-show reported against them: a dispute opens. */
export async function objectNoShowAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "no-show-objected", orderOf(form), async (user) => {
    await objectToNoShow(user, idFrom(form, "request_id", requestIdSchema), { text: textOf(form, "text") });
  });
}

/** The handyman did not come within the agreed window: a full refund and a reliability mark. */
export async function reportHandymanNoShowAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "handyman-no-show-reported", orderOf(form), async (user) => {
    await reportHandymanNoShow(user, idFrom(form, "request_id", requestIdSchema));
  });
}
