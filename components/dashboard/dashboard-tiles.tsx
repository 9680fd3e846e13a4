// The three tiles of /dashboard. Each whole tile is one link.
import { useTranslations } from "next-intl";
import { Link } from "@/components/i18n/link";
import styles from "./dashboard.module.css";

const tiles = [
  { href: "/dashboard/account", key: "account", icon: "account" },
  { href: "/dashboard/orders", key: "orders", icon: "orders" },
  { href: "/help", key: "help", icon: "help" },
] as const;

export function DashboardTiles() {
  const t = useTranslations("dashboard.tiles");
  return (
    <ul className={styles.tiles}>
      {tiles.map((tile) => (
        <li key={tile.href}>
          <Link href={tile.href} className={styles.tile}>
            <TileIcon name={tile.icon} />
            <span className={styles.tileTitle}>{t(`${tile.key}.title`)}</span>
            <span className={styles.tileText}>{t(`${tile.key}.text`)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function TileIcon({ name }: { name: (typeof tiles)[number]["icon"] }) {
  return (
    <svg className={styles.tileIcon} width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="38" height="38" rx="10" fill="var(--color-brand-tint)" />
      {name === "account" ? (
        <g fill="none" stroke="var(--color-brand-dark)" strokeWidth="2.2" strokeLinecap="round">
          <circle cx="20" cy="15.5" r="5" />
          <path d="M10.5 30c1.6-5 5.2-7.5 9.5-7.5s7.9 2.5 9.5 7.5" />
        </g>
      ) : null}
      {name === "orders" ? (
        <g fill="none" stroke="var(--color-brand-dark)" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
          <rect x="11" y="9" width="18" height="23" rx="3" />
          <path d="M15.5 16h9M15.5 21h9M15.5 26h5" />
        </g>
      ) : null}
      {name === "help" ? (
        <g fill="none" stroke="var(--color-brand-dark)" strokeWidth="2.2" strokeLinecap="round">
          <circle cx="20" cy="20" r="10.5" />
          <path d="M16.6 17.2a3.5 3.5 0 1 1 5 3.2c-1 .5-1.6 1.3-1.6 2.4v.6" />
          <circle cx="20" cy="27" r="0.6" fill="var(--color-brand-dark)" />
        </g>
      ) : null}
    </svg>
  );
}
