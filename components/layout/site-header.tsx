import Link from "next/link";
import { Logo } from "./logo";
import styles from "./layout.module.css";

/** The site's header: logo link home, plus the sign-in/out area supplied by the accounts feature. */
export function SiteHeader({ authSlot }: { authSlot?: React.ReactNode }) {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.headerInner}`}>
        <Link href="/" className={styles.logoLink} aria-label="Fixwell home">
          <Logo />
        </Link>
        <nav aria-label="Account" className={styles.authSlot}>
          {authSlot}
        </nav>
      </div>
    </header>
  );
}
