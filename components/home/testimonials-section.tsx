import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/locales";
import { testimonials } from "@/lib/content/testimonials";
import { staticImageProps } from "@/components/ui/static-image";
import { TestimonialList, type TestimonialItem } from "./testimonial-list";
import styles from "./home.module.css";

export async function TestimonialsSection({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "home.testimonials" });
  // The list shuffles in the browser, so it gets its words ready-made.
  const items: TestimonialItem[] = testimonials.map((item) => ({
    ...item,
    serviceLabel: t(`services.${item.service}`),
    ratingLabel: t("rated", { stars: Array.from(item.rating).length }),
    testimonial: t(`quotes.${item.id}`),
    portrait: staticImageProps({ src: item.image, alt: "", width: 56, height: 56, className: styles.authorImage }),
  }));
  return (
    <section id="testimonials" className={`${styles.section} ${styles.testimonials}`} aria-labelledby="testimonials-title">
      <div className="container">
        <div className={styles.sectionIntro}>
          <h2 id="testimonials-title">{t("title")}</h2>
          <p>{t("intro")}</p>
        </div>
        <TestimonialList items={items} />
      </div>
    </section>
  );
}
