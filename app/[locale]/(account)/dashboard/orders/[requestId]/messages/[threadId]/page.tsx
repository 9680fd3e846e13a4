import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Link } from "@/components/i18n/link";
import { PageHeader } from "@/components/ui/page-header";
import { ThreadBody } from "@/components/messages/thread-view";
import { loadThreadFor } from "@/components/messages/thread-page";
import { workIn } from "@/components/requests/pro-dashboard";
import { localeOf } from "@/i18n/locales";

type Props = { searchParams: Promise<{ cursor?: string | string[] }>; params: Promise<{ locale: string; requestId: string; threadId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "dashboard.threads" });
  return { title: t("open"), robots: { index: false } };
}

/** The homeowner's conversation with one handyman about one of their requests. */
export default async function OrderThreadPage({ params, searchParams }: Props) {
  const { locale: raw, requestId, threadId } = await params;
  const locale = localeOf(raw);
  setRequestLocale(locale);
  const { thread, problem } = await loadThreadFor("homeowner", threadId, locale, { requestId, cursor: (await searchParams).cursor });
  const [t, job] = await Promise.all([getTranslations({ locale, namespace: "dashboard.threads" }), getTranslations({ locale, namespace: "job" })]);
  return (
    <>
      <PageHeader
        back={<Link href={`/dashboard/orders/${thread.requestId}`}>{t("back")}</Link>}
        eyebrow={t("open")}
        title={workIn(job, locale, thread.taskType, thread.city)}
      />
      <ThreadBody thread={thread} locale={locale} problem={problem} />
    </>
  );
}
