"use client";
// The thread page's forms: write a message, report the thread. They post to server actions, so they work
// without JavaScript; with it they post in place and the page is read again. Words come from the page.
import { controlClassName } from "@/components/ui/field";
import { FieldStepForm } from "@/components/requests/step-form";
import { reportThreadAction, sendMessageAction } from "@/lib/messages/actions";
import { MAX_MESSAGE_CHARS, MAX_REPORT_REASON_CHARS } from "@/lib/validations/limits";

type Text = { label: string; field: string; hint: string; button: string; unreachable: string };

/** `clientId`: drawn anew by the server for each render of the composer; a post sent again with it is stored once. */
export function SendMessageForm({ threadId, clientId, text }: { threadId: string; clientId: string; text: Text }) {
  return (
    <FieldStepForm
      action={sendMessageAction}
      hidden={{ thread: threadId, client_id: clientId }}
      label={text.label}
      unreachable={text.unreachable}
      field={{ id: "message-body", label: text.field, hint: text.hint, name: "body", control: (control) => <textarea {...control} rows={3} maxLength={MAX_MESSAGE_CHARS} required className={controlClassName} /> }}
      button={text.button}
    />
  );
}

export function ReportThreadForm({ threadId, text }: { threadId: string; text: Text }) {
  return (
    <FieldStepForm
      action={reportThreadAction}
      hidden={{ thread: threadId }}
      label={text.label}
      unreachable={text.unreachable}
      field={{ id: "report-reason", label: text.field, name: "reason", control: (control) => <input {...control} maxLength={MAX_REPORT_REASON_CHARS} className={controlClassName} /> }}
      button={text.button}
      variant="secondary"
    />
  );
}
