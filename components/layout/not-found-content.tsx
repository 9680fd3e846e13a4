// What a 404 says, in the page's language: a page that calls notFound() (app/[locale]/not-found.tsx)
// and an address no route matches (app/global-not-found.tsx) show the same words, as does an unknown
// job opening's page (app/[locale]/(marketing)/job-openings/[jobId]/page.tsx).
import { getTranslations } from "next-intl/server";
import styles from "@/components/marketing/marketing.module.css";
import { LinkButton } from "@/components/ui/button";
import { eyebrowClassName } from "@/components/ui/page-header";
import type { Locale } from "@/i18n/locales";

export async function NotFoundContent({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "common.notFound" });
  return (
    <div className={`container ${styles.body}`}>
      <div className={styles.prose}>
        <p className={eyebrowClassName}>{t("eyebrow")}</p>
        <h1>{t("title")}</h1>
        <p>{t("body")}</p>
        <div className={styles.actions}>
          <LinkButton href="/">{t("home")}</LinkButton>
          <LinkButton href="/customer-help" variant="secondary">
            {t("help")}
          </LinkButton>
        </div>
      </div>
    </div>
  );
}
