"use client";
// The thread page's forms: write a message, report the thread. They post to server actions, so they work
// without JavaScript; with it they post in place and the page is read again. Words come from the page.
import { Button } from "@/components/ui/button";
import { Field, controlClassName } from "@/components/ui/field";
import { StepForm } from "@/components/requests/step-form";
import { reportThreadAction, sendMessageAction } from "@/lib/messages/actions";
import styles from "@/components/requests/request-life.module.css";

const MAX_MESSAGE_CHARS = 2000;

type Text = { label: string; field: string; hint: string; button: string; unreachable: string };

export function SendMessageForm({ threadId, text }: { threadId: string; text: Text }) {
  return (
    <StepForm action={sendMessageAction} hidden={{ thread: threadId }} label={text.label} unreachable={text.unreachable}>
      {({ fieldErrors, pending }) => (
        <>
          <Field id="message-body" label={text.field} hint={text.hint} error={fieldErrors.body}>
            {(control) => <textarea {...control} name="body" rows={4} maxLength={MAX_MESSAGE_CHARS} required className={controlClassName} />}
          </Field>
          <div className={styles.buttons}>
            <Button type="submit" disabled={pending}>
              {text.button}
            </Button>
          </div>
        </>
      )}
    </StepForm>
  );
}

export function ReportThreadForm({ threadId, text }: { threadId: string; text: Text }) {
  return (
    <StepForm action={reportThreadAction} hidden={{ thread: threadId }} label={text.label} unreachable={text.unreachable}>
      {({ fieldErrors, pending }) => (
        <>
          <Field id="report-reason" label={text.field} error={fieldErrors.reason}>
            {(control) => <input {...control} name="reason" maxLength={500} className={controlClassName} />}
          </Field>
          <div className={styles.buttons}>
            <Button type="submit" variant="secondary" disabled={pending}>
              {text.button}
            </Button>
          </div>
        </>
      )}
    </StepForm>
  );
}
