"use server";
// The server actions behind the quote's forms: the handyman's on /pro (send a quote) and the homeowner's
// on the order page (accept and pay, pay again, decline). They read the posted fields into what ./quotes.ts takes and answer
// like the request's other steps (lib/requests/step-actions.ts): a refusal in the form, beside the field
// it is about; a step that went through leads to the page again with its notice.
import { ApiError, apiMessage } from "../api/errors";
import { requestStep, userAction } from "../forms/action";
import { withNotice } from "../notices";
import { requestIdSchema } from "../requests/schemas";
import type { StepFormState } from "../requests/step-form";
import type { Locale } from "../format";
import { textOf } from "../validations/form-data";
import { checkoutOf, orderPath } from "./pay";
import { acceptQuote, declineQuote, payableQuote, sendQuote } from "./quotes";
import { MAX_MATERIAL_LINES } from "./rules";

const PRO_PATH = "/pro";

const orderOf = (form: FormData) => `/dashboard/orders/${encodeURIComponent(textOf(form, "request_id"))}`;

function idFrom(form: FormData, name: string, key: "requestNotFound" | "quote.notFound"): string {
  const parsed = requestIdSchema.safeParse(textOf(form, name));
  if (!parsed.success) throw new ApiError("not_found", { key });
  return parsed.data;
}

/**
 * The quote form's fields as ./rules.ts's schema reads them: the labour (labour_hours, labour_amount,
 * labour_description, labour_vat), the material rows that are not left empty (material_<n>_description,
 * _amount, _vat, n from 1), and valid_days; with each material's row number, to name its fields.
 */
function quoteFromForm(form: FormData): { body: unknown; rows: number[] } {
  const rows: number[] = [];
  const materials = [];
  for (let row = 1; row <= MAX_MATERIAL_LINES + 1; row += 1) {
    const description = textOf(form, `material_${row}_description`);
    const amount = textOf(form, `material_${row}_amount`);
    if (description.trim() === "" && amount.trim() === "") continue;
    rows.push(row);
    materials.push({ description, amount, vatRate: textOf(form, `material_${row}_vat`) });
  }
  const labour = {
    description: textOf(form, "labour_description"),
    hours: textOf(form, "labour_hours"),
    amount: textOf(form, "labour_amount"),
    vatRate: textOf(form, "labour_vat"),
  };
  return { body: { labour, materials, validDays: textOf(form, "valid_days") }, rows };
}

const FIELD: Record<string, string> = { hours: "hours", amount: "amount", description: "description", vatRate: "vat" };

/** An issue's path in the schema ("materials.0.amount") as the form's field name ("material_3_amount"). */
function fieldOf(path: string, rows: number[]): string {
  const [group, second, third] = path.split(".");
  if (group === "labour" && second && FIELD[second]) return `labour_${FIELD[second]}`;
  if (group === "materials" && second !== undefined && third && FIELD[third]) return `material_${rows[Number(second)] ?? Number(second) + 1}_${FIELD[third]}`;
  if (group === "validDays") return "valid_days";
  return path;
}

export async function sendQuoteAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "quote-sent", PRO_PATH, async (user) => {
    const id = idFrom(form, "request_id", "requestNotFound");
    const { body, rows } = quoteFromForm(form);
    try {
      await sendQuote(user, id, body);
    } catch (error) {
      if (!(error instanceof ApiError) || !error.issueTexts) throw error;
      throw error.withIssues(error.issueTexts.map((issue) => ({ ...issue, path: fieldOf(issue.path, rows) })));
    }
  });
}

const stepFailed = ({ locale }: { locale: Locale }) => apiMessage(locale, { key: "request.stepFailed" });

/**
 * Accepting pays: the quote is accepted, with the name and address the invoice is made out to (billing_name,
 * billing_street, billing_postcode: refused beside each field, nothing accepted), then its payment started (for the stored total, never a posted
 * amount) and the homeowner sent to the provider's checkout, without JavaScript too. When the provider
 * cannot be asked the quote stays accepted and the order page says to try again, with its Pay button.
 * Accepting a lower quote that replaces the paid one pays nothing: the order page says the difference is
 * refunded.
 */
export async function acceptQuoteAction(previous: StepFormState, form: FormData): Promise<StepFormState> {
  return userAction.action<StepFormState>({ name: "accepting a quote", area: "quotes", failure: stepFailed }, async ({ user, locale, redirect, moveOn }) => {
    const billing = { billing_name: textOf(form, "billing_name"), billing_street: textOf(form, "billing_street"), billing_postcode: textOf(form, "billing_postcode") };
    const accepted = await acceptQuote(user, idFrom(form, "quote_id", "quote.notFound"), billing, locale);
    // A lower quote replacing the paid one: nothing to pay, the difference is refunded.
    if (accepted.refund) return moveOn(withNotice(orderPath(accepted.requestId, locale), "replacement-accepted"));
    const checkout = await checkoutOf(accepted, locale);
    return checkout ? redirect(checkout) : moveOn(withNotice(orderPath(accepted.requestId, locale), "payment-not-started"));
  })(previous, form);
}

/**
 * The Pay button of an accepted quote not paid yet: the open payment's checkout again, or a new attempt
 * after one that failed, was cancelled or expired. 404 for another homeowner's quote, 409 for a paid one.
 */
export async function payQuoteAction(previous: StepFormState, form: FormData): Promise<StepFormState> {
  return userAction.action<StepFormState>({ name: "paying a quote", area: "quotes", failure: stepFailed }, async ({ user, locale, redirect, moveOn }) => {
    const accepted = await payableQuote(user, idFrom(form, "quote_id", "quote.notFound"), locale);
    const checkout = await checkoutOf(accepted, locale);
    return checkout ? redirect(checkout) : moveOn(withNotice(orderPath(accepted.requestId, locale), "payment-not-started"));
  })(previous, form);
}

export async function declineQuoteAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "quote-declined", orderOf(form), (user) => declineQuote(user, idFrom(form, "quote_id", "quote.notFound")));
}
