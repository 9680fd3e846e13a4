"use client";
// The handyman's forms on /pro: accept or decline an offer (with an optional reason), answer a new date,
// mark a job done, and the "available now" switch. Their words come from the page, in its language.
import { Button } from "@/components/ui/button";
import { controlClassName } from "@/components/ui/field";
import { acceptOfferAction, answerDateAction, declineOfferAction, markDoneAction, setAvailabilityAction, withdrawJobAction } from "@/lib/requests/step-actions";
import { MAX_DECLINE_REASON_LENGTH } from "@/lib/validations/request-steps";
import { Link } from "@/components/i18n/link";
import { ButtonStepForm, FieldStepForm, StepButton, StepForm } from "./step-form";
import styles from "./request-life.module.css";

/** The form's name for assistive technology, and what it says when the server cannot be reached. */
type FormText = { label: string; unreachable: string };

export function AcceptForm({ offerId, text }: { offerId: string; text: FormText & { button: string } }) {
  return (
    <ButtonStepForm action={acceptOfferAction} hidden={{ offer_id: offerId }} label={text.label} unreachable={text.unreachable} button={text.button} />
  );
}

export function DeclineForm({ offerId, text }: { offerId: string; text: FormText & { reason: string; hint: string; button: string } }) {
  return (
    <FieldStepForm
      action={declineOfferAction}
      hidden={{ offer_id: offerId }}
      label={text.label}
      unreachable={text.unreachable}
      field={{ id: `reason-${offerId}`, label: text.reason, hint: text.hint, name: "reason", control: (control) => <textarea {...control} rows={2} maxLength={MAX_DECLINE_REASON_LENGTH} className={controlClassName} /> }}
      button={text.button}
      variant="secondary"
    />
  );
}

export function DoneForm({ offerId, text }: { offerId: string; text: FormText & { button: string } }) {
  return (
    <ButtonStepForm action={markDoneAction} hidden={{ offer_id: offerId }} label={text.label} unreachable={text.unreachable} button={text.button} />
  );
}

/**
 * The handyman cancels a job they accepted. A disclosure (works without JavaScript) holds what happens —
 * the homeowner gets everything back, the job goes to the next handyman, it counts in their reliability —
 * and the button that does it, so nothing is cancelled by one stray press.
 */
export function WithdrawJobForm({ offerId, text }: { offerId: string; text: FormText & { open: string; consequences: string[]; button: string; rulesLink: string } }) {
  return (
    <details className={styles.withdraw} data-testid="withdraw-job">
      <summary>{text.open}</summary>
      {text.consequences.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className={styles.muted}>
        <Link href="/cancellation">{text.rulesLink}</Link>
      </p>
      <ButtonStepForm action={withdrawJobAction} hidden={{ offer_id: offerId }} label={text.label} unreachable={text.unreachable} button={text.button} variant="secondary" />
    </details>
  );
}

/** `confirm` and `keep` are the buttons' words with the days in them ("Confirm Monday, 1 March 2027"). */
export function DateAnswerForm({ offerId, text }: { offerId: string; text: FormText & { confirm: string; keep: string } }) {
  return (
    <StepForm action={answerDateAction} hidden={{ offer_id: offerId }} label={text.label} unreachable={text.unreachable}>
      {({ pending }) => (
        <div className={styles.buttons}>
          <Button type="submit" name="confirm" value="true" disabled={pending}>
            {text.confirm}
          </Button>
          <Button type="submit" name="confirm" value="false" variant="secondary" disabled={pending}>
            {text.keep}
          </Button>
        </div>
      )}
    </StepForm>
  );
}

/** `status` says whether the handyman is available now and what that means for matching. */
export function AvailabilityForm({ available, text }: { available: boolean; text: FormText & { status: React.ReactNode; button: string } }) {
  return (
    <StepForm action={setAvailabilityAction} hidden={{ available: String(!available) }} label={text.label} unreachable={text.unreachable}>
      {({ pending }) => (
        <>
          <p>{text.status}</p>
          <StepButton pending={pending} variant="secondary">
            {text.button}
          </StepButton>
        </>
      )}
    </StepForm>
  );
}
