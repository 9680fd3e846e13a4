import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AccountDetails } from "@/components/auth/account-details";
import { ClientMessages } from "@/components/i18n/client-messages";
import { isLocale, DEFAULT_LOCALE } from "@/i18n/locales";
import { getAccountOverview } from "@/lib/account/queries";
import { requireUser } from "@/lib/auth/current-user";
import { getNotificationSettings } from "@/lib/notifications/overview";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "account" });
  return { title: t("metaTitle") };
}

export default async function AccountPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(isLocale(locale) ? locale : DEFAULT_LOCALE);
  const user = await requireUser();
  const account = await getAccountOverview(user);
  return (
    <ClientMessages namespaces={["auth", "account", "validation"]}>
      <AccountDetails account={account} notifications={await getNotificationSettings(user.id, account.role)} />
    </ClientMessages>
  );
}
