"use client";
// The forms of /ops/requests/{id}: "Show email", which asks for the homeowner's address (audited), and
// cancel on the homeowner's behalf, with a reason the homeowner is mailed and the operator's password.
// Both post to lib/ops/requests-actions.ts and work without JavaScript.
import { StepForm } from "@/components/requests/step-form";
import { Button } from "@/components/ui/button";
import { Field, controlClassName } from "@/components/ui/field";
import { Alert } from "@/components/ui/alert";
import { useFormAction } from "@/components/ui/use-form-action";
import { cancelForHomeownerAction, showHomeownerEmailAction, type ShownEmailState } from "@/lib/ops/requests-actions";
import type { RequestState } from "@/lib/requests/lifecycle";
import { PasswordConfirmField } from "./password-confirm-field";
import lifeStyles from "@/components/requests/request-life.module.css";

export function CancelForHomeownerForm({ requestId, state, maxReason }: { requestId: string; state: RequestState; maxReason: number }) {
  return (
    <StepForm action={cancelForHomeownerAction} hidden={{ request_id: requestId, state }} label="Cancel for the homeowner">
      {({ fieldErrors, pending }) => (
        <>
          <Field id="cancel-reason" label="Reason" hint="The homeowner is mailed this reason, word for word." error={fieldErrors.reason}>
            {(control) => <textarea {...control} name="reason" rows={3} required maxLength={maxReason} className={controlClassName} />}
          </Field>
          <PasswordConfirmField id="cancel-password" error={fieldErrors.password} />
          <div className={lifeStyles.buttons}>
            <Button type="submit" variant="danger" disabled={pending}>
              Cancel the request
            </Button>
          </div>
        </>
      )}
    </StepForm>
  );
}

const NOT_SHOWN: ShownEmailState = { fieldErrors: {}, message: null };

export function ShowEmailForm({ requestId }: { requestId: string }) {
  const { state, formAction, submit, pending } = useFormAction(showHomeownerEmailAction, NOT_SHOWN, () => ({
    fieldErrors: {},
    message: "We could not reach Fixwell. Check your connection and try again.",
  }));
  if (state.email) return <span data-testid="homeowner-email">{state.email}</span>;
  return (
    <form
      action={formAction}
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) submit(new FormData(event.currentTarget));
      }}
      aria-label="Show the homeowner's email address"
    >
      <input type="hidden" name="request_id" value={requestId} />
      <Button type="submit" variant="secondary" disabled={pending}>
        Show email
      </Button>{" "}
      <span>Asking for the address is written to the audit log.</span>
      {state.message ? (
        <Alert tone="error">
          <p>{state.message}</p>
        </Alert>
      ) : null}
    </form>
  );
}
