"use client";
// Delete my account on /account: the password confirms it; then the browser is signed out and sent to
// the home page.
import { useTranslations } from "next-intl";
import { deleteAccountAction } from "@/lib/account/actions";
import { EMPTY_ACCOUNT_FORM } from "@/lib/forms/state";
import { fieldErrorsOf } from "@/lib/validations/field-errors";
import { useAuthForm } from "@/components/auth/use-auth-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, controlClassName } from "@/components/ui/field";
import styles from "@/components/auth/auth-form.module.css";

async function validate(form: FormData) {
  // The schema (and zod) loads when the form is sent, not with the page.
  const { deleteAccountSchema } = await import("@/lib/validations/auth");
  const parsed = deleteAccountSchema.safeParse({ password: form.get("password") ?? "" });
  return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
}

export function DeleteAccountForm() {
  const t = useTranslations("account.delete");
  const { formAction, pending, formRef, onSubmit, fieldErrors, message } = useAuthForm(deleteAccountAction, EMPTY_ACCOUNT_FORM, validate);

  return (
    <form ref={formRef} className={styles.form} action={formAction} onSubmit={onSubmit} noValidate aria-label={t("formLabel")}>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <Field id="delete-password" label={t("password")} hint={t("passwordHint")} error={fieldErrors.password}>
        {(control) => <input {...control} name="password" type="password" autoComplete="current-password" required className={controlClassName} />}
      </Field>
      <Button type="submit" variant="danger" disabled={pending}>
        {pending ? t("pending") : t("submit")}
      </Button>
    </form>
  );
}
