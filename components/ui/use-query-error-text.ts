"use client";
// The words of <QueryError> in the page's language (needs the "dashboard" namespace in <ClientMessages>).
import { useTranslations } from "next-intl";
import type { QueryErrorText } from "./query-error";

export function useQueryErrorText(what: string): QueryErrorText {
  const t = useTranslations("dashboard.queryError");
  return { title: t("title", { what }), fallback: t("fallback"), retry: t("retry") };
}
