import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Link } from "@/components/i18n/link";
import { OrderDetails } from "@/components/requests/order-details";
import { OrderThreads } from "@/components/messages/unread";
import { workIn } from "@/components/requests/pro-dashboard";
import { PageNotice } from "@/components/auth/page-notice";
import { PageHeader } from "@/components/ui/page-header";
import type { Locale } from "@/i18n/locales";
import { ApiError } from "@/lib/api/errors";
import { requireUser } from "@/lib/auth/current-user";
import { getRequestDetailsOrThrow, type RequestDetails } from "@/lib/requests/details";
import { requestIdSchema } from "@/lib/requests/schemas";
import { OrderInvoices } from "@/components/invoices/order-invoices";
import { getOrderInvoices } from "@/lib/invoices/queries";

type Props = { params: Promise<{ locale: string; requestId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "job.order" });
  return { title: t("metaTitle") };
}

/** One of the user's requests; another user's or an unknown id is "not found", as in the API. */
async function loadOrder(requestId: string, locale: Locale): Promise<RequestDetails> {
  const user = await requireUser();
  const id = requestIdSchema.safeParse(requestId);
  if (!id.success) notFound();
  try {
    return await getRequestDetailsOrThrow(user, id.data, locale);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function OrderPage({ params }: Props) {
  const { locale: raw, requestId } = await params;
  const locale = localeOf(raw);
  setRequestLocale(locale);
  const [request, t] = await Promise.all([loadOrder(requestId, locale), getTranslations({ locale, namespace: "job" })]);
  const invoices = await getOrderInvoices(await requireUser(), request.id);
  return (
    <>
      <PageHeader
        back={<Link href="/dashboard/orders">{t("order.allOrders")}</Link>}
        eyebrow={t("order.eyebrow")}
        title={workIn(t, locale, request.taskType, request.city)}
      />
      <OrderDetails request={request} notice={<PageNotice />} />
      {invoices ? (
        <div className="container">
          <OrderInvoices requestId={request.id} invoices={invoices.invoices} billing={invoices.billing} locale={locale} />
        </div>
      ) : null}
      <OrderThreads requestId={request.id} locale={locale} />
    </>
  );
}
