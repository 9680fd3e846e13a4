import Image from "next/image";
import { hero } from "@/lib/content/services";
import { StartNowLink } from "./start-now-link";
import styles from "./home.module.css";

export function Hero({ servicesId }: { servicesId: string }) {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`container ${styles.heroInner}`}>
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{hero.eyebrow}</p>
          <h1 id="hero-title" className={styles.heroTitle}>
            {hero.headline}
          </h1>
          <p className={styles.subline}>{hero.subline}</p>
          <div className={styles.heroActions}>
            <StartNowLink targetId={servicesId}>Start now</StartNowLink>
            <p className={styles.heroNote}>{hero.note}</p>
          </div>
        </div>
        <div className={styles.heroArt}>
          <Image
            src="/illustrations/hero.svg"
            alt="Two Dutch canal houses, one with a ladder against it and a toolbox at the door"
            width={560}
            height={440}
            preload
            className={styles.heroImage}
          />
        </div>
      </div>
    </section>
  );
}
