import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Link } from "@/components/i18n/link";
import { ApplicationForm } from "@/components/join/application-form";
import styles from "@/components/marketing/marketing.module.css";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { localeOf } from "@/i18n/locales";
import { getCurrentUser } from "@/lib/auth/current-user";
import { applyRefusal } from "@/lib/handymen/applications";
import { pageMetadata } from "@/lib/i18n/metadata";
import { commissionWords } from "@/lib/payments/commission";
import { cityList, taskTypeList } from "@/lib/requests/words";

export async function generateMetadata({ params }: PageProps<"/[locale]/join">): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "join.meta" });
  return pageMetadata(locale, "/join", { title: t("title"), description: t("description", { cities: cityList("and", locale) }) });
}

/**
 * Who can join, what it costs, how requests reach a professional, then the application. Signed out: the
 * form with the sign-up's email and password. A signed-in applicant whose last application was rejected:
 * the form without them. Anyone else signed in (a homeowner, a professional, an operator, an applicant
 * waiting) is told why they cannot apply from this account instead of the form.
 */
async function ApplicationSection({ locale }: { locale: ReturnType<typeof localeOf> }) {
  const t = await getTranslations({ locale, namespace: "join.form" });
  const user = await getCurrentUser();
  const refusal = user ? await applyRefusal(user) : null;
  if (user && refusal) {
    const waiting = refusal.text?.key === "application.alreadyWaiting" || refusal.text?.key === "application.alreadyProfessional";
    return (
      <Alert tone="info">
        {t("signOutFirst", { email: user.email })} {refusal.messageIn(locale)}{" "}
        {waiting ? <Link href="/pro">{t("goToPro")}</Link> : null}
      </Alert>
    );
  }
  return (
    <>
      {user ? <p>{t("applyAgain")}</p> : null}
      <ClientMessages namespaces={["auth", "validation", "join"]}>
        <ApplicationForm withAccount={!user} />
      </ClientMessages>
    </>
  );
}

export default async function JoinPage({ params }: PageProps<"/[locale]/join">) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "join" });
  const items = (t.raw("who.items") as string[]).map((_, index) => t(`who.items.${index}`, { cities: cityList("or", locale), trades: taskTypeList(locale) }));
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")} />
      <div className={`container ${styles.body}`}>
        <div className={styles.prose}>
          <h2>{t("who.title")}</h2>
          <ul>
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <h2>{t("cost.title")}</h2>
          <p>{t("cost.text", commissionWords(locale))}</p>
          <h2>{t("how.title")}</h2>
          <p>{t("how.text")}</p>
          <p>
            <Link href="/how-we-rank">{t("how.rankLink")}</Link>
          </p>
          <h2>{t("vetting.title")}</h2>
          <p>{t("vetting.text")}</p>
          <h2 id="apply">{t("form.title")}</h2>
          <ApplicationSection locale={locale} />
        </div>
      </div>
    </>
  );
}
