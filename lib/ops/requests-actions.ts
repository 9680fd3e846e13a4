"use server";
// The server actions of the requests overview: its filter form, and /ops/requests/{id}'s cancel on the
// homeowner's behalf, with a reason and the operator's password (lib/ops/requests.ts, as the API's handler).
import { redirect } from "next/navigation";
import { consoleChange } from "../forms/action";
import { textOf } from "../validations/form-data";
import { requireOperator } from "./access";
import type { StepFormState } from "../requests/step-form";
import { cancelRequestForHomeowner, parseRequestId } from "./requests";

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
