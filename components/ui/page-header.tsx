// The tinted band at the top of a page, holding its one <h1>: an optional way back, an eyebrow above
// the title and a lead below it.
import styles from "./page-header.module.css";

export type PageHeaderProps = {
  title: React.ReactNode;
  eyebrow?: React.ReactNode;
  lead?: React.ReactNode;
  /** Shown first, above the eyebrow (e.g. a link back to the list). */
  back?: React.ReactNode;
  /** "header" when the band heads an <article>. */
  as?: "div" | "header";
};

/** The small capitals label above a title, for a page that has a title but no band. */
export const eyebrowClassName = styles.eyebrow;

export function PageHeader({ title, eyebrow, lead, back, as: Element = "div" }: PageHeaderProps) {
  return (
    <Element className={styles.band}>
      <div className="container">
        {back ? <p className={styles.back}>{back}</p> : null}
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </div>
    </Element>
  );
}
