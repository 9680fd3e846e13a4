"use client";
// "Send again" beside an address that is not verified yet: a new link (the earlier one stops working).
import { useTranslations } from "next-intl";
import { resendVerificationAction } from "@/lib/account/actions";
import { EMPTY_ACCOUNT_FORM } from "@/lib/forms/state";
import { useAuthForm } from "@/components/auth/use-auth-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import styles from "@/components/auth/account-details.module.css";

const nothingToCheck = () => null;

export function ResendVerificationForm() {
  const t = useTranslations("account.resend");
  const { state, formAction, pending, formRef, onSubmit, message } = useAuthForm(resendVerificationAction, EMPTY_ACCOUNT_FORM, nothingToCheck);

  return (
    <form ref={formRef} className={styles.inline} action={formAction} onSubmit={onSubmit} aria-label={t("formLabel")}>
      {message ? <Alert tone="error">{message}</Alert> : null}
      {state.notice && !pending ? <Alert tone="success">{state.notice}</Alert> : null}
      <Button type="submit" variant="secondary" size="sm" disabled={pending}>
        {pending ? t("pending") : t("submit")}
      </Button>
    </form>
  );
}
