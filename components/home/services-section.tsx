import { StaticImage } from "@/components/ui/static-image";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/locales";
import { services } from "@/lib/content/services";
import { ServiceIcon } from "./icons";
import styles from "./home.module.css";

export async function ServicesSection({ id, locale }: { id: string; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "home.services" });
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`} tabIndex={-1}>
      <div className="container">
        <div className={styles.sectionIntro}>
          <h2 id={`${id}-title`}>{t("title")}</h2>
          <p>{t("intro")}</p>
        </div>
        <ul className={styles.serviceGrid}>
          {services.map((service) => (
            <li key={service.id} className={styles.serviceCard}>
              <span className={styles.serviceIcon}>
                <ServiceIcon id={service.id} />
              </span>
              <h3>{t(`items.${service.id}.name`)}</h3>
              <p>{t(`items.${service.id}.description`)}</p>
            </li>
          ))}
        </ul>
        <ul className={styles.pictureRow} aria-label={t("picturesLabel")}>
          {services.map((service) => (
            <li key={service.id}>
              <StaticImage
                src={service.picture.src}
                alt={t(`items.${service.id}.pictureAlt`)}
                width={service.picture.width}
                height={service.picture.height}
                sizes="(min-width: 56rem) 25vw, 50vw"
                className={styles.picture}
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
