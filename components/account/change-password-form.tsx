"use client";
// Change password on /account: the current password, then the new one. Other devices are signed out,
// this one stays signed in.
import { useTranslations } from "next-intl";
import { changePasswordAction } from "@/lib/account/actions";
import { EMPTY_ACCOUNT_FORM } from "@/lib/forms/state";
import { fieldErrorsOf } from "@/lib/validations/field-errors";
import { NewPasswordField } from "@/components/auth/new-password-field";
import { useAuthForm } from "@/components/auth/use-auth-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, controlClassName } from "@/components/ui/field";
import styles from "@/components/auth/auth-form.module.css";

async function validate(form: FormData) {
  // The schema (and zod) loads when the form is sent, not with the page.
  const { changePasswordSchema } = await import("@/lib/validations/auth");
  const parsed = changePasswordSchema.safeParse({ currentPassword: form.get("currentPassword") ?? "", newPassword: form.get("newPassword") ?? "" });
  return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
}

export function ChangePasswordForm() {
  const t = useTranslations("account.password");
  const { state, formAction, pending, formRef, onSubmit, fieldErrors, message } = useAuthForm(changePasswordAction, EMPTY_ACCOUNT_FORM, validate);

  return (
    <form ref={formRef} className={styles.form} action={formAction} onSubmit={onSubmit} noValidate aria-label={t("formLabel")}>
      {message ? <Alert tone="error">{message}</Alert> : null}
      {state.notice && !pending ? <Alert tone="success">{state.notice}</Alert> : null}
      <Field id="change-current-password" label={t("current")} error={fieldErrors.currentPassword}>
        {(control) => <input {...control} name="currentPassword" type="password" autoComplete="current-password" required className={controlClassName} />}
      </Field>
      <NewPasswordField id="change-new-password" name="newPassword" error={fieldErrors.newPassword} />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? t("pending") : t("submit")}
      </Button>
    </form>
  );
}
