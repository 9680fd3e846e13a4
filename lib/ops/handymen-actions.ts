"use server";
// The server actions behind the roster's forms (/ops/handymen and /ops/handymen/{id}): the same functions
// as the API's handlers (lib/ops/handymen.ts), the operator from the session (anyone else gets the 404
// of requireOperator), the handyman's id from the form checked like a route parameter.
import { ApiError } from "../api/errors";
import { consoleChange } from "../forms/action";
import { textOf, textsOf } from "../validations/form-data";
import type { StepFormState } from "../requests/step-form";
import { editHandyman, handymanIdSchema, inviteFromConsole, suspendHandyman, unsuspendHandyman } from "./handymen";

function handymanIdOf(form: FormData): number {
  const parsed = handymanIdSchema.safeParse(textOf(form, "handyman_id"));
  if (!parsed.success) throw new ApiError("not_found", { key: "handymanNotFound" }, [{ path: "handyman_id", message: { key: "chooseHandyman" } }]);
  return parsed.data;
}

const detailOf = (form: FormData) => {
  const parsed = handymanIdSchema.safeParse(textOf(form, "handyman_id"));
  return parsed.success ? `/ops/handymen/${parsed.data}` : "/ops/handymen";
};

/** Invites a handyman; from the roster page it leads back to the roster, from a handyman's page to that page. */
export async function inviteHandymanAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  const back = textOf(form, "back") === "detail" ? detailOf(form) : "/ops/handymen";
  return consoleChange(form, "handyman-invited", back, (operator) => inviteFromConsole(operator, handymanIdOf(form), textOf(form, "email")));
}

export async function editHandymanAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return consoleChange(form, "handyman-saved", detailOf(form), (operator) =>
    editHandyman(operator, handymanIdOf(form), { hourlyPrice: textOf(form, "hourly_price"), taskTypes: textsOf(form, "task_type") }),
  );
}

export async function suspendHandymanAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return consoleChange(form, "handyman-suspended", detailOf(form), (operator) => suspendHandyman(operator, handymanIdOf(form), textOf(form, "password")));
}

export async function unsuspendHandymanAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return consoleChange(form, "handyman-unsuspended", detailOf(form), (operator) => unsuspendHandyman(operator, handymanIdOf(form)));
}
