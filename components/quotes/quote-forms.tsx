"use client";
// The quote's forms: the handyman's on /pro (the labour as hours or a fixed amount, a few material rows,
// each with its VAT rate, and the days the quote stands) and the homeowner's Accept and Decline on the
// order page, and its Pay button once accepted. They post to lib/quotes/actions.ts and work before their scripts arrive; every word comes
// from the page, in its language.
import { controlClassName, Field } from "@/components/ui/field";
import { ButtonStepForm, StepButton, StepForm } from "@/components/requests/step-form";
import { acceptQuoteAction, declineQuoteAction, payQuoteAction, sendQuoteAction } from "@/lib/quotes/actions";
import { QUOTE_LIMITS } from "@/lib/validations/limits";
import styles from "./quote.module.css";

type FormText = { label: string; unreachable: string };

export type SendQuoteText = FormText & {
  labourHeading: string;
  hours: string;
  hoursHint: string;
  labourAmount: string;
  labourDescription: string;
  vat: string;
  /** The options' words, one per rate ("21%"). */
  rates: { rate: number; label: string }[];
  materialsHeading: string;
  materialsHint: string;
  /** "Material 1", "Material 2", … one per row. */
  materials: string[];
  materialDescription: string;
  materialAmount: string;
  validDays: string;
  validDaysHint: string;
  button: string;
};

function VatSelect({ id, name, label, error, text }: { id: string; name: string; label: string; error?: string; text: SendQuoteText }) {
  const highest = Math.max(...text.rates.map((entry) => entry.rate));
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <select {...control} name={name} defaultValue={String(highest)} className={controlClassName}>
          {text.rates.map((entry) => (
            <option key={entry.rate} value={entry.rate}>
              {entry.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function SendQuoteForm({ requestId, text }: { requestId: string; text: SendQuoteText }) {
  const key = requestId.slice(0, 8);
  return (
    <StepForm action={sendQuoteAction} hidden={{ request_id: requestId }} label={text.label} unreachable={text.unreachable}>
      {({ fieldErrors, pending }) => (
        <>
          <fieldset className={styles.group}>
            <legend>{text.labourHeading}</legend>
            <Field id={`quote-${key}-hours`} label={text.hours} hint={text.hoursHint} error={fieldErrors.labour_hours}>
              {(control) => <input {...control} name="labour_hours" inputMode="decimal" autoComplete="off" className={controlClassName} />}
            </Field>
            <Field id={`quote-${key}-amount`} label={text.labourAmount} error={fieldErrors.labour_amount}>
              {(control) => <input {...control} name="labour_amount" inputMode="decimal" autoComplete="off" className={controlClassName} />}
            </Field>
            <Field id={`quote-${key}-description`} label={text.labourDescription} error={fieldErrors.labour_description}>
              {(control) => <input {...control} name="labour_description" maxLength={QUOTE_LIMITS.descriptionMax} className={controlClassName} />}
            </Field>
            <VatSelect id={`quote-${key}-vat`} name="labour_vat" label={text.vat} error={fieldErrors.labour_vat} text={text} />
          </fieldset>
          <fieldset className={styles.group}>
            <legend>{text.materialsHeading}</legend>
            <p className={styles.hint}>{text.materialsHint}</p>
            {fieldErrors.materials ? <p className={styles.error}>{fieldErrors.materials}</p> : null}
            {text.materials.map((heading, index) => {
              const row = index + 1;
              return (
                <fieldset key={row} className={styles.row}>
                  <legend>{heading}</legend>
                  <Field id={`quote-${key}-m${row}-description`} label={text.materialDescription} error={fieldErrors[`material_${row}_description`]}>
                    {(control) => <input {...control} name={`material_${row}_description`} maxLength={QUOTE_LIMITS.descriptionMax} className={controlClassName} />}
                  </Field>
                  <Field id={`quote-${key}-m${row}-amount`} label={text.materialAmount} error={fieldErrors[`material_${row}_amount`]}>
                    {(control) => <input {...control} name={`material_${row}_amount`} inputMode="decimal" autoComplete="off" className={controlClassName} />}
                  </Field>
                  <VatSelect id={`quote-${key}-m${row}-vat`} name={`material_${row}_vat`} label={text.vat} error={fieldErrors[`material_${row}_vat`]} text={text} />
                </fieldset>
              );
            })}
          </fieldset>
          <Field id={`quote-${key}-days`} label={text.validDays} hint={text.validDaysHint} error={fieldErrors.valid_days}>
            {(control) => (
              <input
                {...control}
                name="valid_days"
                type="number"
                min={QUOTE_LIMITS.validDaysMin}
                max={QUOTE_LIMITS.validDaysMax}
                defaultValue={QUOTE_LIMITS.validDaysDefault}
                className={controlClassName}
              />
            )}
          </Field>
          <StepButton pending={pending}>{text.button}</StepButton>
        </>
      )}
    </StepForm>
  );
}

type AnswerText = FormText & { button: string };

export function AcceptQuoteForm({ requestId, quoteId, text }: { requestId: string; quoteId: string; text: AnswerText }) {
  return <ButtonStepForm action={acceptQuoteAction} hidden={{ request_id: requestId, quote_id: quoteId }} label={text.label} unreachable={text.unreachable} button={text.button} />;
}

export function DeclineQuoteForm({ requestId, quoteId, text }: { requestId: string; quoteId: string; text: AnswerText }) {
  return (
    <ButtonStepForm
      action={declineQuoteAction}
      hidden={{ request_id: requestId, quote_id: quoteId }}
      label={text.label}
      unreachable={text.unreachable}
      button={text.button}
      variant="secondary"
    />
  );
}

/** Pay an accepted quote: to the provider's checkout (the open payment's, or a new attempt). */
export function PayQuoteForm({ requestId, quoteId, text }: { requestId: string; quoteId: string; text: AnswerText }) {
  return <ButtonStepForm action={payQuoteAction} hidden={{ request_id: requestId, quote_id: quoteId }} label={text.label} unreachable={text.unreachable} button={text.button} />;
}
