import { getLocale, getTranslations } from "next-intl/server";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { Link } from "@/components/i18n/link";
import { isLocale, type Locale } from "@/i18n/locales";
import { footerLinkGroups, footerLinkKey } from "@/lib/content/footer-links";
import { company } from "@/lib/content/site";
import { cityList } from "@/lib/requests/words";
import { CurrentYear } from "./current-year";
import { Logo } from "./logo";
import { otherLocale } from "./site-header";
import styles from "./layout.module.css";

/** The site's footer: company links, the learning-purposes notice, the language switch and the copyright line. */
export async function SiteFooter() {
  const current = await getLocale();
  const locale: Locale = isLocale(current) ? current : "en";
  const t = await getTranslations({ locale, namespace: "common" });
  const other = otherLocale(locale);
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.footerInner}`}>
        <div className={styles.footerBrand}>
          <Link href="/" className={styles.logoLink} aria-label={t("footer.home")}>
            <Logo tone="light" />
          </Link>
          <p>{t("footer.brand", { tagline: t("footer.tagline"), cities: cityList("and", locale) })}</p>
        </div>
        <nav aria-label={t("footer.nav")} className={styles.footerNav}>
          {footerLinkGroups.map((group) => (
            <div key={group.id} className={styles.footerGroup}>
              <h2 className={styles.footerHeading}>{t(`footer.groups.${group.id}.heading`)}</h2>
              <ul>
                {group.hrefs.map((href) => (
                  <li key={href}>
                    <Link href={href}>{t(`footer.groups.${group.id}.links.${footerLinkKey(href)}`)}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className={`container ${styles.footerBottom}`}>
        <p className={styles.notice}>{t("footer.notice")}</p>
        <p>
          <LanguageSwitch
            target={other}
            label={t(`language.${other}`)}
            description={t("language.switchTo", { language: t(`language.names.${other}`) })}
          />
        </p>
        <p>
          © <CurrentYear renderedYear={new Date().getFullYear()} /> {company.name}
        </p>
      </div>
    </footer>
  );
}
