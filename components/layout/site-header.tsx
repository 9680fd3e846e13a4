import { getLocale, getTranslations } from "next-intl/server";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { Link } from "@/components/i18n/link";
import { isLocale, type Locale } from "@/i18n/locales";
import { Logo } from "./logo";
import styles from "./layout.module.css";

/** The language a page offers to switch to. */
export function otherLocale(locale: Locale): Locale {
  return locale === "nl" ? "en" : "nl";
}

/** The site's header: logo link home, the language switch, and the sign-in/out area supplied by the accounts feature. */
export async function SiteHeader({ authSlot }: { authSlot?: React.ReactNode }) {
  const current = await getLocale();
  const locale: Locale = isLocale(current) ? current : "en";
  const t = await getTranslations({ locale, namespace: "common" });
  const other = otherLocale(locale);
  return (
    <header className={styles.header}>
      <div className={`container ${styles.headerInner}`}>
        <Link href="/" className={styles.logoLink} aria-label={t("header.home")}>
          <Logo />
        </Link>
        <div className={styles.headerEnd}>
          <LanguageSwitch
            target={other}
            label={t(`language.${other}`)}
            description={t("language.switchTo", { language: t(`language.names.${other}`) })}
            className={styles.languageSwitch}
          />
          <nav aria-label={t("header.account")} className={styles.authSlot}>
            {authSlot}
          </nav>
        </div>
      </div>
    </header>
  );
}
