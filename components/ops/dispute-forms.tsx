"use client";
// The decision form of /ops/disputes/{id}: release, partial refund (an amount in euros) or full refund, a
// reason both sides are mailed, and the operator's password. Posts to lib/ops/disputes-actions.ts and works
// without JavaScript.
import { StepForm } from "@/components/requests/step-form";
import { Button } from "@/components/ui/button";
import { Field, controlClassName } from "@/components/ui/field";
import { decideDisputeAction } from "@/lib/ops/disputes-actions";
import { PasswordConfirmField } from "./password-confirm-field";
import lifeStyles from "@/components/requests/request-life.module.css";

export function DecideDisputeForm({ disputeId, held, maxReason }: { disputeId: string; held: string; maxReason: number }) {
  return (
    <StepForm action={decideDisputeAction} hidden={{ dispute_id: disputeId }} label="Decide the dispute">
      {({ fieldErrors, pending }) => (
        <>
          <fieldset>
            <legend>Decision</legend>
            <label>
              <input type="radio" name="decision" value="release" required /> Release to the handyman (less commission)
            </label>
            <br />
            <label>
              <input type="radio" name="decision" value="partial_refund" /> Partial refund to the homeowner, the rest released
            </label>
            <br />
            <label>
              <input type="radio" name="decision" value="full_refund" /> Full refund to the homeowner ({held})
            </label>
            {fieldErrors.decision ? <p className={lifeStyles.error}>{fieldErrors.decision}</p> : null}
          </fieldset>
          <Field id="dispute-amount" label="Refund for a partial refund, in euros" hint={`At most ${held}, what is held. For example 120.50.`} error={fieldErrors.amount}>
            {(control) => <input {...control} name="amount" inputMode="decimal" className={controlClassName} />}
          </Field>
          <Field id="dispute-reason" label="Reason" hint="Both the homeowner and the handyman are mailed this reason, word for word." error={fieldErrors.reason}>
            {(control) => <textarea {...control} name="reason" rows={3} required maxLength={maxReason} className={controlClassName} />}
          </Field>
          <PasswordConfirmField id="dispute-password" error={fieldErrors.password} />
          <div className={lifeStyles.buttons}>
            <Button type="submit" variant="danger" disabled={pending}>
              Decide
            </Button>
          </div>
        </>
      )}
    </StepForm>
  );
}
