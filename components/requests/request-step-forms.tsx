"use client";
// The homeowner's forms on /dashboard/orders/{id} and the confirmation: cancel, a new date, a review,
// and one of the next two handymen instead. Each carries the state the page showed, so a step that
// another person overtook (a handyman accepting a moment earlier) is refused and explained. Their words
// come from the page, in its language.
import { Field, controlClassName } from "@/components/ui/field";
import { latestRequestDate, todayInAmsterdam } from "@/lib/requests/rules";
import { cancelRequestAction, changeDateAction, confirmDoneAction, pickHandymanAction, reportProblemAction, reviewAction, stateHomeAgeAction } from "@/lib/requests/step-actions";
import { addPhotosAction, addProblemPhotosAction } from "@/lib/photos/actions";
import { PHOTO_INPUT_ACCEPT, PHOTOS_FIELD } from "@/lib/photos/limits";
import { MAX_REVIEW_LENGTH } from "@/lib/validations/request-steps";
import type { RequestState } from "@/lib/requests/lifecycle";
import { ButtonStepForm, FieldStepForm, StepButton, StepForm } from "./step-form";
import styles from "./request-life.module.css";

type RequestRef = { requestId: string; state: RequestState };

/** The form's name for assistive technology, and what it says when the server cannot be reached. */
type FormText = { label: string; unreachable?: string };

/**
 * `shown`: the money the button's words name (lib/requests/cancellation.ts, cancelPreview), posted back so a
 * press after the amount changed is refused and the page asks again; the server never pays what is posted.
 */
export function CancelForm({ requestId, state, shown, text }: RequestRef & { shown: { refundCents: number; feeCents: number }; text: FormText & { button: string } }) {
  return (
    <ButtonStepForm
      action={cancelRequestAction}
      hidden={{ request_id: requestId, state, refund_cents: String(shown.refundCents), fee_cents: String(shown.feeCents) }}
      label={text.label}
      unreachable={text.unreachable}
      button={text.button}
      variant="danger"
    />
  );
}

/** `text.hint` is shown once the handyman has accepted: then the new date is only asked for. */
export function DateForm({ requestId, state, current, text }: RequestRef & { current: string; text: FormText & { field: string; hint?: string; button: string } }) {
  return (
    <FieldStepForm
      action={changeDateAction}
      hidden={{ request_id: requestId, state }}
      label={text.label}
      unreachable={text.unreachable}
      field={{ id: `date-${requestId}`, label: text.field, hint: text.hint, name: "date", control: (control) => <input {...control} type="date" min={todayInAmsterdam()} max={latestRequestDate()} defaultValue={current} required className={controlClassName} /> }}
      button={text.button}
      variant="secondary"
    />
  );
}

/** The answer whether the home is older than two years, given again (lib/requests/home-age.ts). */
export function HomeAgeForm({
  requestId,
  current,
  text,
}: {
  requestId: string;
  current: boolean | null;
  text: FormText & { field: string; hint: string; choose: string; yes: string; no: string; button: string };
}) {
  return (
    <FieldStepForm
      action={stateHomeAgeAction}
      hidden={{ request_id: requestId }}
      label={text.label}
      unreachable={text.unreachable}
      field={{
        id: `home-age-${requestId}`,
        label: text.field,
        hint: text.hint,
        name: "home_older_than_two_years",
        control: (control) => (
          <select {...control} name="home_older_than_two_years" defaultValue={current === null ? "" : current ? "yes" : "no"} required className={controlClassName}>
            <option value="">{text.choose}</option>
            <option value="yes">{text.yes}</option>
            <option value="no">{text.no}</option>
          </select>
        ),
      }}
      button={text.button}
      variant="secondary"
    />
  );
}

/** `text.starOptions`: the five choices' words, one star to five. */
export function ReviewForm({
  requestId,
  text,
}: {
  requestId: string;
  text: FormText & { stars: string; starOptions: string[]; review: string; hint: string; button: string };
}) {
  return (
    <StepForm action={reviewAction} hidden={{ request_id: requestId }} label={text.label} unreachable={text.unreachable}>
      {({ fieldErrors, pending }) => (
        <>
          <fieldset className={styles.stars} aria-describedby={fieldErrors.stars ? "stars-error" : undefined}>
            <legend>{text.stars}</legend>
            {text.starOptions.map((words, index) => (
              <label key={index + 1}>
                <input type="radio" name="stars" value={index + 1} required />
                {words}
              </label>
            ))}
          </fieldset>
          {fieldErrors.stars ? (
            <p id="stars-error" className={styles.error}>
              {fieldErrors.stars}
            </p>
          ) : null}
          <Field id="review-text" label={text.review} hint={text.hint} error={fieldErrors.text}>
            {(control) => <textarea {...control} name="text" rows={4} maxLength={MAX_REVIEW_LENGTH} className={controlClassName} />}
          </Field>
          <StepButton pending={pending}>
            {text.button}
          </StepButton>
        </>
      )}
    </StepForm>
  );
}

/**
 * One of the next two handymen instead, on the confirmation. `text.pick` is the page's "Pick {name}
 * instead" (messages/<locale>/job.json, orderForms.pick); English without it.
 */
export function PickHandymanForm({ requestId, handymanId, name, text }: { requestId: string; handymanId: number; name: string; text?: { pick: string; unreachable?: string } }) {
  const pick = text?.pick ?? `Pick ${name} instead`;
  return (
    <ButtonStepForm action={pickHandymanAction} hidden={{ request_id: requestId, handyman_id: String(handymanId) }} label={pick} unreachable={text?.unreachable} button={pick} variant="secondary" size="sm" />
  );
}

/** Adds photos to the request until the job is done (a multipart post; several files at once). */
export function AddPhotosForm({ requestId, text }: { requestId: string; text: FormText & { field: string; hint: string; button: string } }) {
  return (
    <FieldStepForm
      action={addPhotosAction}
      hidden={{ request_id: requestId }}
      label={text.label}
      unreachable={text.unreachable}
      field={{ id: `photos-${requestId}`, label: text.field, hint: text.hint, name: PHOTOS_FIELD, control: (control) => <input {...control} type="file" multiple accept={PHOTO_INPUT_ACCEPT} className={styles.fileInput} /> }}
      button={text.button}
      variant="secondary"
    />
  );
}

/** Photos of the problem, added to the homeowner's open problem report (lib/photos/actions.ts). */
export function AddProblemPhotosForm({ requestId, text }: { requestId: string; text: FormText & { field: string; hint: string; button: string } }) {
  return (
    <FieldStepForm
      action={addProblemPhotosAction}
      hidden={{ request_id: requestId }}
      label={text.label}
      unreachable={text.unreachable}
      field={{ id: `problem-photos-${requestId}`, label: text.field, hint: text.hint, name: PHOTOS_FIELD, control: (control) => <input {...control} type="file" multiple accept={PHOTO_INPUT_ACCEPT} className={styles.fileInput} /> }}
      button={text.button}
      variant="secondary"
    />
  );
}

/** The homeowner confirms the finished job: one button. */
export function ConfirmDoneForm({ requestId, text }: { requestId: string; text: FormText & { button: string } }) {
  return <ButtonStepForm action={confirmDoneAction} hidden={{ request_id: requestId }} label={text.label} unreachable={text.unreachable} button={text.button} />;
}

/** Instead of confirming: what is wrong with the work (lib/requests/disputes.ts); the money stays held. */
export function ReportProblemForm({ requestId, maxLength, text }: { requestId: string; maxLength: number; text: FormText & { field: string; hint: string; button: string } }) {
  return (
    <FieldStepForm
      action={reportProblemAction}
      hidden={{ request_id: requestId }}
      label={text.label}
      unreachable={text.unreachable}
      field={{ id: `problem-${requestId}`, label: text.field, hint: text.hint, name: "text", control: (control) => <textarea {...control} rows={4} maxLength={maxLength} required className={controlClassName} /> }}
      button={text.button}
      variant="secondary"
    />
  );
}
