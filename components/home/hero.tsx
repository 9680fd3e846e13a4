import { StaticImage } from "@/components/ui/static-image";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/locales";
import { cityList } from "@/lib/requests/words";
import { StartNowLink } from "./start-now-link";
import styles from "./home.module.css";

export async function Hero({ servicesId, locale }: { servicesId: string; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "home.hero" });
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`container ${styles.heroInner}`}>
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{t("eyebrow", { cities: cityList("and", locale) })}</p>
          <h1 id="hero-title" className={styles.heroTitle}>
            {t("headline")}
          </h1>
          <p className={styles.subline}>{t("subline")}</p>
          <div className={styles.heroActions}>
            <StartNowLink targetId={servicesId}>{t("cta")}</StartNowLink>
            <p className={styles.heroNote}>{t("note")}</p>
          </div>
        </div>
        <div className={styles.heroArt}>
          <StaticImage
            src="/illustrations/hero.svg"
            alt={t("imageAlt")}
            width={560}
            height={440}
            preload
            className={styles.heroImage}
          />
        </div>
      </div>
    </section>
  );
}
