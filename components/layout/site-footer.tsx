import Link from "next/link";
import { footerLinkGroups, footerNotice } from "@/lib/content/footer-links";
import { company } from "@/lib/content/site";
import { CurrentYear } from "./current-year";
import { Logo } from "./logo";
import styles from "./layout.module.css";

/** The site's footer: company links, the learning-purposes notice and the copyright line. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.footerInner}`}>
        <div className={styles.footerBrand}>
          <Link href="/" className={styles.logoLink} aria-label="Fixwell home">
            <Logo tone="light" />
          </Link>
          <p>
            {company.tagline} in {company.cities.slice(0, -1).join(", ")} and {company.cities.at(-1)}.
          </p>
        </div>
        <nav aria-label="Footer" className={styles.footerNav}>
          {footerLinkGroups.map((group) => (
            <div key={group.heading} className={styles.footerGroup}>
              <h2 className={styles.footerHeading}>{group.heading}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.href}>
                    <Link href={link.href}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className={`container ${styles.footerBottom}`}>
        <p className={styles.notice}>{footerNotice}</p>
        <p>
          © <CurrentYear renderedYear={new Date().getFullYear()} /> {company.name}
        </p>
      </div>
    </footer>
  );
}
