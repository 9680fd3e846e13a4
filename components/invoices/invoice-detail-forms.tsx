"use client";
// The forms that give an invoice its parties' details: the handyman's business details on /pro and the
// homeowner's name and address on the order page. They post to lib/invoices/actions.ts and work before their
// scripts arrive; every word comes from the page, in its language.
import { CheckboxField, controlClassName, Field } from "@/components/ui/field";
import { StepButton, StepForm } from "@/components/requests/step-form";
import { saveBillingDetailsAction, saveBusinessDetailsAction } from "@/lib/invoices/actions";

export type BusinessDetailsText = {
  label: string;
  unreachable: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  kvk: string;
  kvkHint: string;
  vatId: string;
  vatIdHint: string;
  kor: string;
  save: string;
};

export type BusinessDetailsValues = { name: string; street: string; postcode: string; city: string; kvk: string; vatId: string; kor: boolean };

export function BusinessDetailsForm({ values, text }: { values: BusinessDetailsValues; text: BusinessDetailsText }) {
  return (
    <StepForm action={saveBusinessDetailsAction} hidden={{}} label={text.label} unreachable={text.unreachable}>
      {({ fieldErrors, pending }) => (
        <>
          <Field id="business-name" label={text.name} error={fieldErrors.business_name}>
            {(control) => <input {...control} name="business_name" defaultValue={values.name} autoComplete="organization" maxLength={120} className={controlClassName} />}
          </Field>
          <Field id="business-street" label={text.street} error={fieldErrors.business_street}>
            {(control) => <input {...control} name="business_street" defaultValue={values.street} autoComplete="address-line1" maxLength={120} className={controlClassName} />}
          </Field>
          <Field id="business-postcode" label={text.postcode} error={fieldErrors.business_postcode}>
            {(control) => <input {...control} name="business_postcode" defaultValue={values.postcode} autoComplete="postal-code" maxLength={8} className={controlClassName} />}
          </Field>
          <Field id="business-city" label={text.city} error={fieldErrors.business_city}>
            {(control) => <input {...control} name="business_city" defaultValue={values.city} autoComplete="address-level2" maxLength={80} className={controlClassName} />}
          </Field>
          <Field id="business-kvk" label={text.kvk} hint={text.kvkHint} error={fieldErrors.kvk_number}>
            {(control) => <input {...control} name="kvk_number" defaultValue={values.kvk} inputMode="numeric" maxLength={8} autoComplete="off" className={controlClassName} />}
          </Field>
          <Field id="business-vat" label={text.vatId} hint={text.vatIdHint} error={fieldErrors.vat_id}>
            {(control) => <input {...control} name="vat_id" defaultValue={values.vatId} autoComplete="off" maxLength={20} className={controlClassName} />}
          </Field>
          <CheckboxField id="business-kor" name="kor" label={text.kor} defaultChecked={values.kor} />
          <StepButton pending={pending}>{text.save}</StepButton>
        </>
      )}
    </StepForm>
  );
}

export type BillingDetailsText = { label: string; unreachable: string; name: string; street: string; postcode: string; save: string };

export function BillingDetailsForm({ requestId, values, text }: { requestId: string; values: { name: string; street: string; postcode: string }; text: BillingDetailsText }) {
  return (
    <StepForm action={saveBillingDetailsAction} hidden={{ request_id: requestId }} label={text.label} unreachable={text.unreachable}>
      {({ fieldErrors, pending }) => (
        <>
          <Field id="billing-name" label={text.name} error={fieldErrors.billing_name}>
            {(control) => <input {...control} name="billing_name" defaultValue={values.name} autoComplete="name" maxLength={120} className={controlClassName} />}
          </Field>
          <Field id="billing-street" label={text.street} error={fieldErrors.billing_street}>
            {(control) => <input {...control} name="billing_street" defaultValue={values.street} autoComplete="address-line1" maxLength={120} className={controlClassName} />}
          </Field>
          <Field id="billing-postcode" label={text.postcode} error={fieldErrors.billing_postcode}>
            {(control) => <input {...control} name="billing_postcode" defaultValue={values.postcode} autoComplete="postal-code" maxLength={8} className={controlClassName} />}
          </Field>
          <StepButton pending={pending}>{text.save}</StepButton>
        </>
      )}
    </StepForm>
  );
}
