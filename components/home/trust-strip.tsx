import { trustBadges } from "@/lib/content/services";
import { BadgeIcon } from "./icons";
import styles from "./home.module.css";

export function TrustStrip() {
  return (
    <section className={styles.trust} aria-label="Why homeowners trust Fixwell">
      <ul className={`container ${styles.trustList}`}>
        {trustBadges.map((badge) => (
          <li key={badge.id} className={styles.trustBadge}>
            <span className={styles.trustIcon}>
              <BadgeIcon id={badge.id} />
            </span>
            <span>
              <strong className={styles.trustTitle}>{badge.title}</strong>
              <span className={styles.trustDetail}>{badge.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
