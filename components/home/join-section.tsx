// The home page's invitation to professionals: one sentence and the way to /join.
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/locales";
import { LinkButton } from "@/components/ui/button";
import styles from "./home.module.css";

export async function JoinSection({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "home.join" });
  return (
    <section className={styles.section} aria-labelledby="join-title">
      <div className="container">
        <div className={styles.sectionIntro}>
          <h2 id="join-title">{t("title")}</h2>
          <p>{t("text")}</p>
          <LinkButton href="/join" variant="secondary">
            {t("link")}
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
