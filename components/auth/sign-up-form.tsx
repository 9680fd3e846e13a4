"use client";
// The sign-up form: a post to the sign-up server action, which creates the account, signs the new user
// in and goes on to /inputs; every refusal is shown next to its field or in a red alert.
import { useTranslations } from "next-intl";
import { Link } from "@/components/i18n/link";
import { signUpAction } from "@/lib/auth/actions";
import { EMPTY_AUTH_FORM } from "@/lib/forms/state";
import { fieldErrorsOf } from "@/lib/validations/field-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxField, Field, controlClassName } from "@/components/ui/field";
import { NewPasswordField } from "./new-password-field";
import { useAuthForm } from "./use-auth-form";
import styles from "./auth-form.module.css";

async function validate(form: FormData) {
  // The schema (and zod) loads when the form is sent, not with the page.
  const { signUpSchema } = await import("@/lib/validations/auth");
  const parsed = signUpSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
}

export function SignUpForm() {
  const t = useTranslations("auth");
  const { state, formAction, pending, formRef, onSubmit, fieldErrors, message } = useAuthForm(signUpAction, EMPTY_AUTH_FORM, validate);

  return (
    <>
      <form ref={formRef} className={styles.form} action={formAction} onSubmit={onSubmit} noValidate aria-label={t("signup.formLabel")}>
        {message ? (
          <Alert tone="error">
            {message}
            {state.signInLink ? (
              <>
                {" "}
                <Link href="/login">{t("signup.goToSignIn")}</Link>
              </>
            ) : null}
          </Alert>
        ) : null}
        <Field id="signup-email" label={t("fields.email")} error={fieldErrors.email}>
          {(control) => (
            <input {...control} name="email" type="email" autoComplete="email" required defaultValue={state.email} className={controlClassName} />
          )}
        </Field>
        <NewPasswordField id="signup-password" name="password" label={t("fields.password")} error={fieldErrors.password} />
        <CheckboxField id="signup-remember" name="remember" label={t("fields.remember")} defaultChecked={state.remember} />
        <Button type="submit" disabled={pending}>
          {pending ? t("signup.pending") : t("signup.submit")}
        </Button>
      </form>
      <p className={styles.switch}>
        {t("signup.haveAccount")} <Link href="/login">{t("signup.signIn")}</Link>
      </p>
    </>
  );
}
