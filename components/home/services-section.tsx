import Image from "next/image";
import { services } from "@/lib/content/services";
import { ServiceIcon } from "./icons";
import styles from "./home.module.css";

export function ServicesSection({ id }: { id: string }) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`} tabIndex={-1}>
      <div className="container">
        <div className={styles.sectionIntro}>
          <h2 id={`${id}-title`}>Our Services</h2>
          <p>
            Four trades cover most of what goes wrong in a home. Every handyman we work with is checked for
            certificates, insurance and references before their first job.
          </p>
        </div>
        <ul className={styles.serviceGrid}>
          {services.map((service) => (
            <li key={service.id} className={styles.serviceCard}>
              <span className={styles.serviceIcon}>
                <ServiceIcon id={service.id} />
              </span>
              <h3>{service.name}</h3>
              <p>{service.description}</p>
            </li>
          ))}
        </ul>
        <ul className={styles.pictureRow} aria-label="Our trades at work">
          {services.map((service) => (
            <li key={service.id}>
              <Image
                src={service.picture.src}
                alt={service.picture.alt}
                width={service.picture.width}
                height={service.picture.height}
                sizes="(min-width: 56rem) 25vw, 50vw"
                className={styles.picture}
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
