"use client";
// Field messages in the page's language: the schemas answer in English (as the API does), and this
// turns each known message into the `validation` catalogue's text. Needs <ClientMessages> with the
// "validation" namespace above the form.
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { FieldErrors } from "@/lib/validations/field-errors";
import { localizeFieldErrors, localizeValidationMessage, type ValidationTranslator } from "@/lib/validations/messages";

export function useValidationText() {
  const t = useTranslations("validation");
  const translate = useCallback<ValidationTranslator>((key, values) => t(key, values), [t]);
  const message = useCallback((text: string | null | undefined) => (text ? localizeValidationMessage(text, translate) : text), [translate]);
  const fieldErrors = useCallback((errors: FieldErrors) => localizeFieldErrors(errors, translate), [translate]);
  return { message, fieldErrors };
}
