"use client";
// The set-password form of an invitation: one new password, checked in the browser for length and on
// the server against the common-password list, then the sign-in page.
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { setPasswordAction } from "@/lib/auth/actions";
import { EMPTY_SET_PASSWORD_FORM, type SetPasswordFormState } from "@/lib/forms/state";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/use-form-action";
import { useValidationText } from "@/components/ui/use-validation-text";
import { NewPasswordField } from "./new-password-field";
import styles from "./auth-form.module.css";

export function SetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("auth");
  const validation = useValidationText();
  const router = useRouter();
  const unreachable = (state: SetPasswordFormState): SetPasswordFormState => ({ ...state, message: t("errors.unreachable") });
  const { state, formAction, submit, pending } = useFormAction(setPasswordAction, EMPTY_SET_PASSWORD_FORM, unreachable);

  useEffect(() => {
    if (state.next) router.replace(state.next);
  }, [state.next, router]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending && !state.next) submit(new FormData(event.currentTarget));
  }

  return (
    <form className={styles.form} action={formAction} onSubmit={onSubmit} noValidate aria-label={t("setPassword.formLabel")}>
      {state.message ? <Alert tone="error">{state.message}</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <NewPasswordField id="new-password" name="password" error={validation.message(state.fieldErrors.password) ?? undefined} />
      <Button type="submit" disabled={pending || Boolean(state.next)}>
        {pending ? t("setPassword.pending") : t("setPassword.submit")}
      </Button>
    </form>
  );
}
