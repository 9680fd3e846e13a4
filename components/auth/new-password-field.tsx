"use client";
// The field where a person chooses a password, with the policy as its hint: sign-up, a reset link, a
// change of password.
import { useTranslations } from "next-intl";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/validations/limits";
import { Field, controlClassName } from "@/components/ui/field";

export function NewPasswordField({ id, name, label, error }: { id: string; name: string; label?: string; error?: string }) {
  const t = useTranslations("auth.fields");
  return (
    <Field id={id} label={label ?? t("newPassword")} hint={t("passwordHint", { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })} error={error}>
      {(control) => <input {...control} name={name} type="password" autoComplete="new-password" required className={controlClassName} />}
    </Field>
  );
}
