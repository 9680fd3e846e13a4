// Any address in a language that no page answers: that language's 404 page (../not-found.tsx), with its title.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { localeOf } from "@/i18n/locales";

export async function generateMetadata({ params }: PageProps<"/[locale]/[...rest]">): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOf((await params).locale), namespace: "common.notFound.meta" });
  return { title: t("title"), description: t("description"), robots: { index: false } };
}

export default function UnknownPage(): never {
  notFound();
}
