"use client";
// The forms of /ops/applications/{id}: approve, reject with a reason (mailed to the applicant), and
// "Show the whole IBAN" (audited). All post to lib/handymen/applications-actions.ts and work without JavaScript.
import { StepForm } from "@/components/requests/step-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, controlClassName } from "@/components/ui/field";
import { useFormAction } from "@/components/ui/use-form-action";
import lifeStyles from "@/components/requests/request-life.module.css";
import { approveApplicationAction, rejectApplicationAction, showIbanAction, type ShownIbanState } from "@/lib/handymen/applications-actions";

export function ApproveApplicationForm({ applicationId, name }: { applicationId: string; name: string }) {
  return (
    <StepForm action={approveApplicationAction} hidden={{ application_id: applicationId }} label="Approve the application">
      {({ pending }) => (
        <div className={lifeStyles.buttons}>
          <Button type="submit" disabled={pending}>
            Approve {name}
          </Button>
        </div>
      )}
    </StepForm>
  );
}

export function RejectApplicationForm({ applicationId, maxReason }: { applicationId: string; maxReason: number }) {
  return (
    <StepForm action={rejectApplicationAction} hidden={{ application_id: applicationId }} label="Reject the application">
      {({ fieldErrors, pending }) => (
        <>
          <Field id="reject-reason" label="Reason" hint="The applicant is mailed this reason, word for word." error={fieldErrors.reason}>
            {(control) => <textarea {...control} name="reason" rows={3} required maxLength={maxReason} className={controlClassName} />}
          </Field>
          <div className={lifeStyles.buttons}>
            <Button type="submit" variant="danger" disabled={pending}>
              Reject
            </Button>
          </div>
        </>
      )}
    </StepForm>
  );
}

const NOT_SHOWN: ShownIbanState = { fieldErrors: {}, message: null };

export function ShowIbanForm({ applicationId, lastFour }: { applicationId: string; lastFour: string }) {
  const { state, formAction, submit, pending } = useFormAction(showIbanAction, NOT_SHOWN, () => ({
    fieldErrors: {},
    message: "We could not reach Fixwell. Check your connection and try again.",
  }));
  if (state.iban) return <span data-testid="iban">{state.iban}</span>;
  return (
    <form
      action={formAction}
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) submit(new FormData(event.currentTarget));
      }}
      aria-label="Show the whole IBAN"
    >
      <span data-testid="iban">…{lastFour}</span> <input type="hidden" name="application_id" value={applicationId} />
      <Button type="submit" variant="secondary" disabled={pending}>
        Show the whole number
      </Button>{" "}
      <span>Asking for it is written to the audit log.</span>
      {state.message ? (
        <Alert tone="error">
          <p>{state.message}</p>
        </Alert>
      ) : null}
    </form>
  );
}
