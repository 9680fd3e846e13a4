// The Fixwell mark and name. The mark is public/logo.svg, drawn for the site.
import { StaticImage } from "@/components/ui/static-image";
import styles from "./layout.module.css";

export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <span className={[styles.logo, tone === "light" ? styles.logoLight : ""].join(" ")}>
      <StaticImage src="/logo.svg" alt="" width={36} height={36} loading="eager" className={styles.logoMark} />
      <span className={styles.logoText}>Fixwell</span>
    </span>
  );
}
