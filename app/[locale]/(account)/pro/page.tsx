import { localeOf, type Locale } from "@/i18n/locales";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ProDashboard, type ProPageQuery } from "@/components/requests/pro-dashboard";
import { UnreadMessages } from "@/components/messages/unread";
import { PageNotice } from "@/components/auth/page-notice";
import { ProProfileLinks } from "@/components/pros/pro-profile-links";
import { PayoutCard } from "@/components/payments/payout-card";
import { PageHeader } from "@/components/ui/page-header";
import { ApiError } from "@/lib/api/errors";
import { requireUser, roleOf, type SessionUser } from "@/lib/auth/current-user";
import { ApplicationStatus } from "@/components/join/application-status";
import { getProPageOrThrow, parseProPageCursors, type ProPageCursors, type ProPageView } from "@/lib/handymen/offers";
import { getProPaymentsOrThrow, parseProPaymentsCursor } from "@/lib/handymen/payments";
import { MoneyList } from "@/components/payments/money-list";
import { BusinessDetailsCard, ProInvoiceList } from "@/components/invoices/pro-invoices";
import { getProInvoicesOrThrow, parseProInvoicesCursor } from "@/lib/invoices/queries";
import type { Cursor } from "@/lib/paging/cursor";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "job.pro" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** The signed-in handyman's page; for anyone else this page does not exist. */
async function loadProView(user: SessionUser, cursors: ProPageCursors): Promise<ProPageView> {
  try {
    return await getProPageOrThrow(user, cursors);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

/**
 * The page's four cursors (?offers=, ?jobs=, ?payments= and ?invoices=). A link that is not this account's (changed,
 * cut, someone else's, another list's) says so and shows the first pages.
 */
function readCursors(
  user: SessionUser,
  query: Record<string, string | string[] | undefined>,
  locale: Locale,
): { cursors: ProPageCursors & { payments?: Cursor; invoices?: Cursor }; keep: ProPageQuery; problem: string | null } {
  const text = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);
  try {
    const cursors = { ...parseProPageCursors(user, { offers: query.offers, jobs: query.jobs }), payments: parseProPaymentsCursor(user, query.payments), invoices: parseProInvoicesCursor(user, query.invoices) };
    const keep = { offers: text(query.offers), jobs: text(query.jobs), payments: text(query.payments), invoices: text(query.invoices) };
    return { cursors, keep, problem: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { cursors: {}, keep: {}, problem: error.messageIn(locale) };
  }
}

export default async function ProPage({ params, searchParams }: Props) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  // An applicant sees their application's state and nothing else until approved.
  const user = await requireUser();
  if ((await roleOf(user)) === "applicant") return <ApplicationStatus user={user} locale={locale} />;
  const { cursors, keep, problem } = readCursors(user, await searchParams, locale);
  const [view, t] = await Promise.all([loadProView(user, cursors), getTranslations({ locale, namespace: "job.pro" })]);
  const [payments, invoices] = await Promise.all([getProPaymentsOrThrow(user, cursors.payments), getProInvoicesOrThrow(user, cursors.invoices)]);
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("hello", { name: view.handyman.name })} lead={t("lead")} />
      <ProProfileLinks handymanId={view.handyman.id} />
      <UnreadMessages locale={locale} />
      <div className="container">
        <PayoutCard handymanId={view.handyman.id} locale={locale} />
        <BusinessDetailsCard handymanId={view.handyman.id} locale={locale} />
        <MoneyList payments={payments} locale={locale} query={keep} />
        <ProInvoiceList invoices={invoices} locale={locale} query={keep} />
      </div>
      <ProDashboard
        view={view}
        query={keep}
        notice={<PageNotice problem={problem} />}
      />
    </>
  );
}
