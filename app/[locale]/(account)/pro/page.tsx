import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ProDashboard } from "@/components/requests/pro-dashboard";
import { PageNotice } from "@/components/auth/page-notice";
import { ProProfileLinks } from "@/components/pros/pro-profile-links";
import { PageHeader } from "@/components/ui/page-header";
import { ApiError } from "@/lib/api/errors";
import { requireUser, roleOf } from "@/lib/auth/current-user";
import { ApplicationStatus } from "@/components/join/application-status";
import { getProViewOrThrow, type ProView } from "@/lib/handymen/offers";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "job.pro" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** The signed-in handyman's page; for anyone else this page does not exist. */
async function loadProView(): Promise<ProView> {
  const user = await requireUser();
  try {
    return await getProViewOrThrow(user);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function ProPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(localeOf(locale));
  // An applicant sees their application's state and nothing else until approved.
  const user = await requireUser();
  if ((await roleOf(user)) === "applicant") return <ApplicationStatus user={user} locale={localeOf(locale)} />;
  const [view, t] = await Promise.all([loadProView(), getTranslations({ locale, namespace: "job.pro" })]);
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("hello", { name: view.handyman.name })} lead={t("lead")} />
      <ProProfileLinks handymanId={view.handyman.id} />
      <ProDashboard view={view} notice={<PageNotice />} />
    </>
  );
}
