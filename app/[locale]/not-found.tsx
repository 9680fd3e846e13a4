import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import styles from "@/components/marketing/marketing.module.css";
import { LinkButton } from "@/components/ui/button";
import { eyebrowClassName } from "@/components/ui/page-header";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getLocale(), namespace: "common.notFound.meta" });
  return { title: t("title"), description: t("description") };
}

export default async function NotFound() {
  const t = await getTranslations({ locale: await getLocale(), namespace: "common.notFound" });
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
