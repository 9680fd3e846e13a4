import type { LegalBlock, LegalDocument } from "@/lib/content/legal";
import { WithEmailLinks } from "./with-email-links";
import styles from "./marketing.module.css";

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case "paragraph":
      return (
        <p>
          <WithEmailLinks text={block.text} />
        </p>
      );
    case "list":
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>
              <WithEmailLinks text={item} />
            </li>
          ))}
        </ul>
      );
    case "records":
      return (
        <div className={styles.records}>
          {block.records.map((record) => (
            <section key={record.title} className={styles.record} aria-label={record.title}>
              <h3>{record.title}</h3>
              <dl>
                {record.fields.map((field) => (
                  <div key={field.label}>
                    <dt>{field.label}</dt>
                    <dd>{field.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      );
  }
}

/** The words around a legal document, in the page's language. */
export type LegalDocumentText = { onThisPage: string; inShort: string; lastUpdated: string };

/** A legal page's body: the short summary, a table of contents and the sections. */
export function LegalDocumentView({ document, text }: { document: LegalDocument; text: LegalDocumentText }) {
  return (
    <div className={`container ${styles.legal}`}>
      <aside className={styles.legalAside}>
        <nav aria-label={text.onThisPage} className={styles.toc}>
          <p className={styles.tocHeading}>{text.onThisPage}</p>
          <ol>
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      </aside>
      <div className={styles.prose}>
        <div className={styles.summary}>
          <p className={styles.summaryHeading}>{text.inShort}</p>
          <p>{document.summary}</p>
        </div>
        {document.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className={styles.legalSection}>
            <h2 id={`${section.id}-heading`}>{section.heading}</h2>
            {section.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </section>
        ))}
        <p className={styles.updated}>{text.lastUpdated}</p>
      </div>
    </div>
  );
}
