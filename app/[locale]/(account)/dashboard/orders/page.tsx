import { UnreadMessages } from "@/components/messages/unread";
import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { OrdersList } from "@/components/dashboard/orders-list";
import styles from "@/components/dashboard/dashboard.module.css";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { ApiError } from "@/lib/api/errors";
import { requireUser } from "@/lib/auth/current-user";
import { listOrdersPage, parseOrdersCursor } from "@/lib/requests/queries";

export async function generateMetadata({ params }: PageProps<"/[locale]/dashboard/orders">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "dashboard.orders" });
  return { title: t("metaTitle") };
}

export default async function OrdersPage({ params, searchParams }: PageProps<"/[locale]/dashboard/orders">) {
  const { locale: given } = await params;
  const locale = localeOf(given);
  setRequestLocale(locale);
  const t = await getTranslations("dashboard.orders");
  const user = await requireUser();
  // The newest ORDERS_PAGE_SIZE requests, read on the server; older ones through the pager's links. A link
  // that is not this account's (changed, cut, someone else's) says so and shows the newest page.
  let problem: string | null = null;
  let cursor;
  try {
    cursor = parseOrdersCursor(user, (await searchParams).cursor);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    problem = error.messageIn(locale);
  }
  const page = await listOrdersPage(user, cursor);
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <div className={styles.toolbar}>
        <h1>{t("title")}</h1>
        <LinkButton href="/inputs">{t("newOrder")}</LinkButton>
      </div>
      <UnreadMessages locale={locale} />
      {problem ? (
        <Alert tone="error">
          <p>{problem}</p>
        </Alert>
      ) : null}
      <ClientMessages namespaces={["dashboard", "request"]}>
        <OrdersList orders={page.rows} />
      </ClientMessages>
      <Pager locale={locale} path="/dashboard/orders" page={page} />
    </div>
  );
}
