"use client";
// The behaviour the account forms share (sign-in, sign-up, forgotten and new password, change of
// password, deletion): the fields are checked in the browser first (the same schema the server action
// uses), so an incomplete form is named at once without a round trip; a complete one goes to the
// server action, whose answer (field messages, one message for the form, a notice, or where to go
// next) comes back into the same page. Without JavaScript the form simply posts to the action.
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import type { FieldErrors } from "@/lib/validations/field-errors";
import { useFormAction } from "@/components/ui/use-form-action";
import { useValidationText } from "@/components/ui/use-validation-text";

/** What every account form's action answers with (AuthFormState, AccountFormState). */
type FormState = { fieldErrors: FieldErrors; message: string | null; next?: string };

export function useAuthForm<S extends FormState>(
  action: (previous: S, form: FormData) => Promise<S>,
  initial: S,
  /** The browser's check of the fields; the forms load their schema (and zod) only when first sent. */
  validate: (form: FormData) => FieldErrors | null | Promise<FieldErrors | null>,
) {
  const router = useRouter();
  const t = useTranslations("auth.errors");
  const validation = useValidationText();
  const unreachable = (state: S): S => ({ ...state, fieldErrors: {}, message: t("unreachable") });
  const { state, formAction, submit, pending } = useFormAction<S>(action, initial, unreachable);
  const [browserErrors, setBrowserErrors] = useState<FieldErrors | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The schemas (in the browser and in older answers) speak English; the page shows its own language.
  const shown = browserErrors ?? state.fieldErrors;
  const fieldErrors = useMemo(() => validation.fieldErrors(shown), [validation, shown]);

  // Moves focus to the first field that needs attention, so its message is read out.
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors]);

  useEffect(() => {
    if (!state.next) return;
    router.replace(state.next);
    router.refresh();
  }, [state.next, router]);

  const checking = useRef(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || state.next || checking.current) return;
    const form = new FormData(event.currentTarget);
    checking.current = true;
    let errors: FieldErrors | null;
    try {
      errors = await validate(form);
    } catch {
      // The schema's script could not be fetched: the server checks the form anyway.
      errors = null;
    } finally {
      checking.current = false;
    }
    setBrowserErrors(errors);
    if (!errors) submit(form);
  }

  return {
    state,
    formAction,
    pending: pending || Boolean(state.next),
    formRef,
    onSubmit,
    fieldErrors,
    /** The form-wide message of the last answer; hidden while the browser names missing fields or a new answer is awaited. */
    message: browserErrors || pending ? null : state.message,
  };
}
