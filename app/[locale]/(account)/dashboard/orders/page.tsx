import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { OrdersList } from "@/components/dashboard/orders-list";
import styles from "@/components/dashboard/dashboard.module.css";
import { ClientMessages } from "@/components/i18n/client-messages";
import { LinkButton } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/current-user";
import { listRequestStatesForUser } from "@/lib/requests/details";

export async function generateMetadata({ params }: PageProps<"/[locale]/dashboard/orders">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "dashboard.orders" });
  return { title: t("metaTitle") };
}

export default async function OrdersPage({ params }: PageProps<"/[locale]/dashboard/orders">) {
  const { locale } = await params;
  setRequestLocale(localeOf(locale));
  const t = await getTranslations("dashboard.orders");
  // Where each request stands; the list itself loads in the browser through the API, as before.
  const states = await listRequestStatesForUser(await requireUser());
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <div className={styles.toolbar}>
        <h1>{t("title")}</h1>
        <LinkButton href="/inputs">{t("newOrder")}</LinkButton>
      </div>
      <ClientMessages namespaces={["dashboard", "request"]}>
        <OrdersList states={states} />
      </ClientMessages>
    </div>
  );
}
