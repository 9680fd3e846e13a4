"use client";
// The new-password form a reset link opens. The link's token travels in a hidden field; the password is
// checked in the browser for length and on the server against the common-password list.
import { useTranslations } from "next-intl";
import { Link } from "@/components/i18n/link";
import { resetPasswordAction } from "@/lib/auth/actions";
import { EMPTY_ACCOUNT_FORM } from "@/lib/forms/state";
import { fieldErrorsOf } from "@/lib/validations/field-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { NewPasswordField } from "./new-password-field";
import { useAuthForm } from "./use-auth-form";
import styles from "./auth-form.module.css";

async function validate(form: FormData) {
  // The schema (and zod) loads when the form is sent, not with the page.
  const { newPasswordFormSchema } = await import("@/lib/validations/auth");
  const parsed = newPasswordFormSchema.safeParse({ token: form.get("token") ?? "", password: form.get("password") ?? "" });
  return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
}

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("auth.reset");
  const { formAction, pending, formRef, onSubmit, fieldErrors, message } = useAuthForm(resetPasswordAction, EMPTY_ACCOUNT_FORM, validate);

  return (
    <form ref={formRef} className={styles.form} action={formAction} onSubmit={onSubmit} noValidate aria-label={t("formLabel")}>
      {message ? (
        <Alert tone="error">
          {message} <Link href="/forgot-password">{t("askNew")}</Link>
        </Alert>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <NewPasswordField id="reset-password" name="password" error={fieldErrors.password} />
      <Button type="submit" disabled={pending}>
        {pending ? t("pending") : t("submit")}
      </Button>
    </form>
  );
}
