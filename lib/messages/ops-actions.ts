"use server";
// The console's form on a reported thread: close it (audited). Suspending the handyman is the console's
// own suspend form (lib/ops/handymen-actions.ts), shown on the same page.
import { consoleChange } from "../forms/action";
import { textOf } from "../validations/form-data";
import type { StepFormState } from "../requests/step-form";
import { closeThread } from "./threads";

export async function closeThreadAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  const threadId = textOf(form, "thread");
  return consoleChange(form, "thread-closed", `/ops/threads/${encodeURIComponent(threadId)}`, (operator) => closeThread(operator, threadId));
}
