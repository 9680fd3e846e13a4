"use client";
// The forgotten-password form: one email address, and the same answer for every address.
import { useTranslations } from "next-intl";
import { Link } from "@/components/i18n/link";
import { forgotPasswordAction } from "@/lib/auth/actions";
import { EMPTY_ACCOUNT_FORM } from "@/lib/forms/state";
import { fieldErrorsOf } from "@/lib/validations/field-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, controlClassName } from "@/components/ui/field";
import { useAuthForm } from "./use-auth-form";
import styles from "./auth-form.module.css";

async function validate(form: FormData) {
  // The schema (and zod) loads when the form is sent, not with the page.
  const { forgotPasswordSchema } = await import("@/lib/validations/auth");
  const parsed = forgotPasswordSchema.safeParse({ email: form.get("email") ?? "" });
  return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
}

export function ForgotPasswordForm() {
  const t = useTranslations("auth");
  const { state, formAction, pending, formRef, onSubmit, fieldErrors, message } = useAuthForm(forgotPasswordAction, EMPTY_ACCOUNT_FORM, validate);

  return (
    <>
      <form ref={formRef} className={styles.form} action={formAction} onSubmit={onSubmit} noValidate aria-label={t("forgot.formLabel")}>
        {message ? <Alert tone="error">{message}</Alert> : null}
        {state.notice && !pending ? <Alert tone="success">{state.notice}</Alert> : null}
        <Field id="forgot-email" label={t("fields.email")} error={fieldErrors.email}>
          {(control) => (
            <input {...control} name="email" type="email" autoComplete="email" required defaultValue={state.email} className={controlClassName} />
          )}
        </Field>
        <Button type="submit" disabled={pending}>
          {pending ? t("forgot.pending") : t("forgot.submit")}
        </Button>
      </form>
      <p className={styles.switch}>
        {t("forgot.remembered")} <Link href="/login">{t("forgot.signIn")}</Link>
      </p>
    </>
  );
}
