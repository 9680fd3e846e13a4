// The console's own navigation, under the site header on every /ops page.
import { Link } from "@/components/i18n/link";
import styles from "./ops.module.css";

const SECTIONS = [
  { href: "/ops", label: "Overview" },
  { href: "/ops/job-openings", label: "Job openings" },
  { href: "/ops/handymen", label: "Handymen" },
  { href: "/ops/applications", label: "Applications" },
  { href: "/ops/requests", label: "Requests" },
  { href: "/ops/money", label: "Money" },
  { href: "/ops/disputes", label: "Disputes" },
  { href: "/ops/audit", label: "Audit log" },
] as const;

export function OpsNav() {
  return (
    <nav aria-label="Operator console" className={styles.nav}>
      <div className="container">
        <ul className={styles.navList}>
          {SECTIONS.map((section) => (
            <li key={section.href}>
              <Link href={section.href} className={styles.navLink}>
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
