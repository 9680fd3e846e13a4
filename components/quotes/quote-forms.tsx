"use client";
// The quote's forms: the handyman's on /pro (the labour as hours or a fixed amount, a few material rows,
// each with the VAT rate the rule gives it, shown and sent along but not chosen, and the days the quote stands) and the homeowner's Accept and Decline on the
// order page (Accept asking the name and address the invoice is made out to), and its Pay button once accepted. They post to lib/quotes/actions.ts and work before their scripts arrive; every word comes
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
  /** Why the rates cannot be chosen, once above the form. */
  vatNote: string;
  /** The rate of the labour line and of every material line by the rule (lib/quotes/vat.ts), with its words. */
  labourVat: { rate: number; label: string };
  materialsVat: { rate: number; label: string };
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

/**
 * A line's VAT rate as the rule gives it: shown, and posted so the server refuses the quote when the rule
 * gives another rate by the time it arrives (the homeowner changed the home's age meanwhile).
 */
function LineVat({ name, vat, error }: { name: string; vat: { rate: number; label: string }; error?: string }) {
  return (
    <>
      <input type="hidden" name={name} value={vat.rate} />
      <p className={styles.hint} data-testid="line-vat">
        {vat.label}
      </p>
      {error ? <p className={styles.error}>{error}</p> : null}
    </>
  );
}

export function SendQuoteForm({ requestId, text }: { requestId: string; text: SendQuoteText }) {
  const key = requestId.slice(0, 8);
  return (
    <StepForm action={sendQuoteAction} hidden={{ request_id: requestId }} label={text.label} unreachable={text.unreachable}>
      {({ fieldErrors, pending }) => (
        <>
          <p className={styles.hint}>{text.vatNote}</p>
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
            <LineVat name="labour_vat" vat={text.labourVat} error={fieldErrors.labour_vat} />
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
                  <LineVat name={`material_${row}_vat`} vat={text.materialsVat} error={fieldErrors[`material_${row}_vat`]} />
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

export type AcceptBillingText = { heading: string; lead: string; name: string; street: string; postcode: string };

/**
 * Accept a quote. Accepting (not a lower replacement's) asks for the name, street and number, and postcode
 * the invoice is made out to, filled in with what the homeowner gave before; each refusal beside its field.
 */
export function AcceptQuoteForm({
  requestId,
  quoteId,
  text,
  billing,
}: {
  requestId: string;
  quoteId: string;
  text: AnswerText;
  billing?: { values: { name: string; street: string; postcode: string }; text: AcceptBillingText };
}) {
  if (!billing) return <ButtonStepForm action={acceptQuoteAction} hidden={{ request_id: requestId, quote_id: quoteId }} label={text.label} unreachable={text.unreachable} button={text.button} />;
  const key = quoteId.slice(0, 8);
  return (
    <StepForm action={acceptQuoteAction} hidden={{ request_id: requestId, quote_id: quoteId }} label={text.label} unreachable={text.unreachable}>
      {({ fieldErrors, pending }) => (
        <>
          <fieldset className={styles.group}>
            <legend>{billing.text.heading}</legend>
            <p className={styles.hint}>{billing.text.lead}</p>
            <Field id={`accept-${key}-name`} label={billing.text.name} error={fieldErrors.billing_name}>
              {(control) => <input {...control} name="billing_name" defaultValue={billing.values.name} autoComplete="name" maxLength={120} required className={controlClassName} />}
            </Field>
            <Field id={`accept-${key}-street`} label={billing.text.street} error={fieldErrors.billing_street}>
              {(control) => <input {...control} name="billing_street" defaultValue={billing.values.street} autoComplete="address-line1" maxLength={120} required className={controlClassName} />}
            </Field>
            <Field id={`accept-${key}-postcode`} label={billing.text.postcode} error={fieldErrors.billing_postcode}>
              {(control) => <input {...control} name="billing_postcode" defaultValue={billing.values.postcode} autoComplete="postal-code" maxLength={8} required className={controlClassName} />}
            </Field>
          </fieldset>
          <StepButton pending={pending}>{text.button}</StepButton>
        </>
      )}
    </StepForm>
  );
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
