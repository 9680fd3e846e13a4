"use client";
// The application to join (/join): a post to the application's server action, which works without
// JavaScript. With an account to make (signed out) it asks for the sign-up's email and password too;
// a signed-in applicant applying again is not asked for them. Every refusal shows beside its field,
// with what was typed kept (never the password).
import { useLocale, useTranslations } from "next-intl";
import { Link } from "@/components/i18n/link";
import { NewPasswordField } from "@/components/auth/new-password-field";
import { useAuthForm } from "@/components/auth/use-auth-form";
import styles from "@/components/auth/auth-form.module.css";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxField, Field, controlClassName } from "@/components/ui/field";
import fieldStyles from "@/components/ui/field.module.css";
import { localeOf } from "@/i18n/locales";
import { applyAction, type ApplicationFormState } from "@/lib/handymen/applications-actions";
import { CITIES, TASK_TYPES } from "@/lib/requests/catalogue";
import { cityLabel, taskTypeLabel } from "@/lib/requests/words";
import { fieldErrorsOf } from "@/lib/validations/field-errors";
import { APPLICATION_LIMITS, MAX_HOURLY_PRICE, MIN_HOURLY_PRICE } from "@/lib/validations/limits";

const EMPTY: ApplicationFormState = { values: {}, fieldErrors: {}, message: null };

export function ApplicationForm({ withAccount }: { withAccount: boolean }) {
  const t = useTranslations("join");
  const locale = localeOf(useLocale());
  const validate = async (form: FormData) => {
    // The schema (zod and the IBAN check) loads when the form is sent, not with the page.
    const { applicationInputOf, applicationSchema, applicationWithAccountSchema } = await import("@/lib/handymen/applications-schema");
    const parsed = (withAccount ? applicationWithAccountSchema : applicationSchema).safeParse(applicationInputOf(form, withAccount));
    return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
  };
  const { state, formAction, pending, formRef, onSubmit, fieldErrors, message } = useAuthForm(applyAction, EMPTY, validate);
  const text = (name: string) => {
    const value = state.values[name];
    return typeof value === "string" ? value : "";
  };
  const chosen = (name: string) => {
    const value = state.values[name];
    return Array.isArray(value) ? value : [];
  };

  const choiceGroup = (name: "task_types" | "cities", errorKey: "taskTypes" | "cities", options: readonly string[], label: (value: string) => string) => (
    <fieldset className={fieldStyles.field} aria-describedby={fieldErrors[errorKey] ? `join-${name}-error` : undefined}>
      <legend className={fieldStyles.label}>{t(`fields.${errorKey}`)}</legend>
      {options.map((value) => (
        <CheckboxField key={`${value}-${chosen(name).includes(value)}`} id={`join-${name}-${value}`} name={name} value={value} label={label(value)} defaultChecked={chosen(name).includes(value)} />
      ))}
      {fieldErrors[errorKey] ? (
        <p id={`join-${name}-error`} className={fieldStyles.error}>
          {fieldErrors[errorKey]}
        </p>
      ) : null}
    </fieldset>
  );

  return (
    <form ref={formRef} className={styles.form} action={formAction} onSubmit={onSubmit} noValidate aria-label={t("form.label")}>
      {message ? (
        <Alert tone="error">
          {message}
          {state.signInLink ? (
            <>
              {" "}
              <Link href="/login">{t("form.goToSignIn")}</Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <Field id="join-name" label={t("fields.name")} hint={t("fields.nameHint")} error={fieldErrors.name}>
        {(control) => <input {...control} name="name" autoComplete="name" required maxLength={APPLICATION_LIMITS.nameMax} defaultValue={text("name")} key={text("name")} className={controlClassName} />}
      </Field>
      {withAccount ? (
        <>
          <Field id="join-email" label={t("fields.email")} error={fieldErrors.email}>
            {(control) => <input {...control} name="email" type="email" autoComplete="email" required defaultValue={text("email")} key={text("email")} className={controlClassName} />}
          </Field>
          <NewPasswordField id="join-password" name="password" label={t("fields.password")} error={fieldErrors.password} />
        </>
      ) : null}
      <Field id="join-phone" label={t("fields.phone")} hint={t("fields.phoneHint")} error={fieldErrors.phone}>
        {(control) => <input {...control} name="phone" type="tel" autoComplete="tel" required defaultValue={text("phone")} key={text("phone")} className={controlClassName} />}
      </Field>
      {choiceGroup("task_types", "taskTypes", TASK_TYPES, (value) => taskTypeLabel(value as (typeof TASK_TYPES)[number], locale))}
      {choiceGroup("cities", "cities", CITIES, (value) => cityLabel(value as (typeof CITIES)[number], locale))}
      <Field id="join-hourly-price" label={t("fields.hourlyPrice")} hint={t("fields.hourlyPriceHint", { min: MIN_HOURLY_PRICE, max: MAX_HOURLY_PRICE })} error={fieldErrors.hourlyPrice}>
        {(control) => <input {...control} name="hourly_price" inputMode="decimal" required defaultValue={text("hourly_price")} key={text("hourly_price")} className={controlClassName} />}
      </Field>
      <Field id="join-kvk" label={t("fields.kvkNumber")} hint={t("fields.kvkNumberHint")} error={fieldErrors.kvkNumber}>
        {(control) => <input {...control} name="kvk_number" inputMode="numeric" required defaultValue={text("kvk_number")} key={text("kvk_number")} className={controlClassName} />}
      </Field>
      <Field id="join-vat" label={t("fields.vatId")} hint={t("fields.vatIdHint")} error={fieldErrors.vatId}>
        {(control) => <input {...control} name="vat_id" defaultValue={text("vat_id")} key={text("vat_id")} className={controlClassName} />}
      </Field>
      <Field id="join-iban" label={t("fields.iban")} hint={t("fields.ibanHint")} error={fieldErrors.iban}>
        {(control) => <input {...control} name="iban" required autoComplete="off" defaultValue={text("iban")} key={text("iban")} className={controlClassName} />}
      </Field>
      <Field id="join-intro" label={t("fields.intro")} hint={t("fields.introHint", { max: APPLICATION_LIMITS.introMax })} error={fieldErrors.intro}>
        {(control) => <textarea {...control} name="intro" rows={4} maxLength={APPLICATION_LIMITS.introMax} defaultValue={text("intro")} key={text("intro")} className={controlClassName} />}
      </Field>
      <Field id="join-insurer" label={t("fields.insurer")} error={fieldErrors.insurer}>
        {(control) => <input {...control} name="insurer" required defaultValue={text("insurer")} key={text("insurer")} className={controlClassName} />}
      </Field>
      <Field id="join-insured-until" label={t("fields.insuredUntil")} hint={t("fields.insuredUntilHint")} error={fieldErrors.insuredUntil}>
        {(control) => <input {...control} name="insured_until" type="date" required defaultValue={text("insured_until")} key={text("insured_until")} className={controlClassName} />}
      </Field>
      <div>
        <CheckboxField id="join-consent" name="consent" label={t("fields.consent")} defaultChecked={text("consent") === "on"} key={`consent-${text("consent")}`} aria-describedby={fieldErrors.consent ? "join-consent-error" : undefined} aria-invalid={fieldErrors.consent ? true : undefined} />
        <p className={fieldStyles.hint}>
          <Link href="/terms-of-service">{t("fields.termsLink")}</Link>
        </p>
        {fieldErrors.consent ? (
          <p id="join-consent-error" className={fieldStyles.error}>
            {fieldErrors.consent}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? t("form.pending") : t("form.submit")}
      </Button>
    </form>
  );
}
