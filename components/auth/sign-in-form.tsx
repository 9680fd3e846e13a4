"use client";
// The sign-in form: a post to the sign-in server action, with the failure shown in a red alert.
import { useTranslations } from "next-intl";
import { Link } from "@/components/i18n/link";
import { signInAction } from "@/lib/auth/actions";
import { EMPTY_AUTH_FORM } from "@/lib/forms/state";
import { fieldErrorsOf } from "@/lib/validations/field-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxField, Field, controlClassName } from "@/components/ui/field";
import { useAuthForm } from "./use-auth-form";
import styles from "./auth-form.module.css";

async function validate(form: FormData) {
  // The schema (and zod) loads when the form is sent, not with the page.
  const { signInSchema } = await import("@/lib/validations/auth");
  const parsed = signInSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
}

export function SignInForm({ initialError }: { initialError?: string | null }) {
  const t = useTranslations("auth");
  const { state, formAction, pending, formRef, onSubmit, fieldErrors, message } = useAuthForm(
    signInAction,
    { ...EMPTY_AUTH_FORM, message: initialError ?? null },
    validate,
  );

  return (
    <>
      <form ref={formRef} className={styles.form} action={formAction} onSubmit={onSubmit} noValidate aria-label={t("login.formLabel")}>
        {message ? <Alert tone="error">{message}</Alert> : null}
        <Field id="signin-email" label={t("fields.email")} error={fieldErrors.email}>
          {(control) => (
            <input {...control} name="email" type="email" autoComplete="email" required defaultValue={state.email} className={controlClassName} />
          )}
        </Field>
        <Field id="signin-password" label={t("fields.password")} error={fieldErrors.password}>
          {(control) => <input {...control} name="password" type="password" autoComplete="current-password" required className={controlClassName} />}
        </Field>
        <p className={styles.aside}>
          <Link href="/forgot-password">{t("login.forgot")}</Link>
        </p>
        <CheckboxField id="signin-remember" name="remember" label={t("fields.remember")} defaultChecked={state.remember} />
        <Button type="submit" disabled={pending}>
          {pending ? t("login.pending") : t("login.submit")}
        </Button>
      </form>
      <p className={styles.switch}>
        {t("login.newHere")} <Link href="/signup">{t("login.createAccount")}</Link>
      </p>
    </>
  );
}
