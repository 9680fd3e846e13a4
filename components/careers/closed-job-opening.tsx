// What a visitor of a closed opening's page sees (answered with 410 Gone, see lib/careers/closed-path.ts).
import { Link } from "@/components/i18n/link";
import { PageHeader } from "@/components/ui/page-header";
import type { CareersCopy } from "@/lib/careers/copy";
import styles from "./careers.module.css";

export function ClosedJobOpening({ copy }: { copy: CareersCopy }) {
  const { t } = copy;
  return (
    <>
      <PageHeader eyebrow={t("closed.eyebrow")} title={t("closed.title")} lead={t("closed.lead")} />
      <div className={`container ${styles.page}`}>
        <p>
          <Link href="/job-openings">{t("closed.link")}</Link>
        </p>
      </div>
    </>
  );
}
