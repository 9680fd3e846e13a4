// The 404 of a page that calls notFound() (an unknown job opening, an order that is not yours), inside
// its language's layout.
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { NotFoundContent } from "@/components/layout/not-found-content";
import { localeOf } from "@/i18n/locales";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOf(await getLocale()), namespace: "common.notFound.meta" });
  return { title: t("title"), description: t("description") };
}

export default async function NotFound() {
  return <NotFoundContent locale={localeOf(await getLocale())} />;
}
