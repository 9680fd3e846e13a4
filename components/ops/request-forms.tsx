"use client";
// Cancel a request on the homeowner's behalf (/ops/requests/{id}): a reason the homeowner is mailed, and
// the operator's password. Posts to lib/ops/requests-actions.ts; works without JavaScript.
import { StepForm } from "@/components/requests/step-form";
import { Button } from "@/components/ui/button";
import { Field, controlClassName } from "@/components/ui/field";
import { cancelForHomeownerAction } from "@/lib/ops/requests-actions";
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
