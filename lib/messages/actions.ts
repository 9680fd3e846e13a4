"use server";
// The forms of a thread page (without JavaScript a plain POST, with it in place): send a message, report
// the thread. The signed-in user comes from the session, the thread from the form and is checked like a
// route parameter (lib/messages/threads.ts answers 404 to anyone not in it); a message that went through
// opens the thread page again, fresh, with its notice.
import { userAction } from "../forms/action";
import { withNotice } from "../notices";
import { localizedPath } from "../i18n/paths";
import { textOf } from "../validations/form-data";
import type { StepFormState } from "../requests/step-form";
import { postMessage, reportThread, threadPageFor } from "./threads";

const send = userAction.action<StepFormState>({ name: "sending a message", area: "messages" }, async ({ user, form, locale, moveOn }) => {
  const threadId = textOf(form, "thread");
  // The composer's client id (a hidden field, new each time the form is drawn): a form sent again is stored once.
  await postMessage(user, threadId, form.get("body"), new Date(), form.get("client_id"));
  return moveOn(withNotice(localizedPath(locale, await threadPageFor(user, threadId)), "message-sent"));
});

const report = userAction.action<StepFormState>({ name: "reporting a thread", area: "messages" }, async ({ user, form, locale, moveOn }) => {
  const threadId = textOf(form, "thread");
  await reportThread(user, threadId, form.get("reason"));
  return moveOn(withNotice(localizedPath(locale, await threadPageFor(user, threadId)), "thread-reported"));
});

export async function sendMessageAction(previous: StepFormState, form: FormData): Promise<StepFormState> {
  return send(previous, form);
}

export async function reportThreadAction(previous: StepFormState, form: FormData): Promise<StepFormState> {
  return report(previous, form);
}
