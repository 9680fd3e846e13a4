import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/locales";
import { trustBadges } from "@/lib/content/services";
import { BadgeIcon } from "./icons";
import styles from "./home.module.css";

export async function TrustStrip({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "home.trust" });
  return (
    <section className={styles.trust} aria-label={t("label")}>
      <ul className={`container ${styles.trustList}`}>
        {trustBadges.map((badge) => (
          <li key={badge.id} className={styles.trustBadge}>
            <span className={styles.trustIcon}>
              <BadgeIcon id={badge.id} />
            </span>
            <span>
              <strong className={styles.trustTitle}>{t(`badges.${badge.id}.title`)}</strong>
              <span className={styles.trustDetail}>{t(`badges.${badge.id}.detail`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
