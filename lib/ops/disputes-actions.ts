"use server";
// The server action of /ops/disputes/{id}: the decision, with a reason both sides are mailed and the
// operator's password (lib/ops/disputes.ts).
import { consoleChange } from "../forms/action";
import { textOf } from "../validations/form-data";
import type { StepFormState } from "../requests/step-form";
import { decideDispute } from "./disputes";

export async function decideDisputeAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  const id = textOf(form, "dispute_id");
  return consoleChange(form, "dispute-decided", `/ops/disputes/${encodeURIComponent(id)}`, (operator) =>
    decideDispute(operator, id, {
      decision: textOf(form, "decision"),
      amount: textOf(form, "amount"),
      reason: textOf(form, "reason"),
      password: textOf(form, "password"),
    }),
  );
}
