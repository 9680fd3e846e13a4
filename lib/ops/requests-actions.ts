"use server";
// The server actions of the requests overview: its filter form, and /ops/requests/{id}'s "Show email"
// (the homeowner's address, audited) and cancel on the homeowner's behalf, with a reason and the
// operator's password (lib/ops/requests.ts, as the API's handlers).
import { redirect } from "next/navigation";
import { consoleChange, operatorAction } from "../forms/action";
import type { FormState } from "../forms/state";
import { textOf } from "../validations/form-data";
import { requireOperator } from "./access";
import type { StepFormState } from "../requests/step-form";
import { cancelRequestForHomeowner, parseRequestId, revealHomeownerEmail } from "./requests";

export async function cancelForHomeownerAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  const back = `/ops/requests/${encodeURIComponent(textOf(form, "request_id"))}`;
  return consoleChange(form, "request-cancelled-for-homeowner", back, (operator) =>
    cancelRequestForHomeowner(operator, parseRequestId(textOf(form, "request_id")), {
      reason: textOf(form, "reason"),
      state: textOf(form, "state"),
      password: textOf(form, "password"),
    }),
  );
}

/** What "Show email" hands back to its form: the address once asked for, or why not. */
export type ShownEmailState = FormState & { email?: string };

const showHomeownerEmail = operatorAction.action<ShownEmailState>({ name: "showing a homeowner's address", area: "ops" }, async ({ operator, form, kept }) => {
  const { email } = await revealHomeownerEmail(operator, parseRequestId(textOf(form, "request_id")));
  return { ...kept, email };
});

/** "Show email" on /ops/requests/{id}: a POST, so a link or a prefetch never reveals (nor logs) an address. */
export async function showHomeownerEmailAction(previous: ShownEmailState, form: FormData): Promise<ShownEmailState> {
  return showHomeownerEmail(previous, form);
}

const FILTER_FIELDS = ["state", "city", "taskType", "from", "to"] as const;

/**
 * The overview's filter form: posted (a form never puts its fields in the address on its own), then
 * sent on to /ops/requests with the chosen filters in the query, so the result can be bookmarked and
 * reloaded. The page validates them; empty ones are left out.
 */
export async function filterRequestsAction(form: FormData): Promise<void> {
  await requireOperator();
  const query = new URLSearchParams();
  for (const field of FILTER_FIELDS) {
    const value = textOf(form, field).trim().slice(0, 64);
    if (value) query.set(field, value);
  }
  const search = query.toString();
  redirect(search ? `/ops/requests?${search}` : "/ops/requests");
}
