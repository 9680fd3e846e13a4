// /ops/job-openings/{job_id} – one opening's editor (with the version it shows, so a save never
// overwrites someone else's newer one) with its Dutch version, the preview of its rich fields, and
// publish, close, duplicate and delete.
import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { notFound } from "next/navigation";
import { PageNotice } from "@/components/auth/page-notice";
import { PageHeader } from "@/components/ui/page-header";
import { JobOpeningActions } from "@/components/ops/job-opening-actions";
import { JobOpeningEditor } from "@/components/ops/job-opening-editor";
import ops from "@/components/ops/ops.module.css";
import styles from "@/components/ops/job-openings.module.css";
import { DEPARTMENT_ORDER } from "@/lib/careers/grouping";
import { formatDateTime } from "@/lib/format";
import { requireOperator } from "@/lib/ops/access";
import { saveOpeningAction } from "@/lib/careers/console-actions";
import { localizedPath } from "@/lib/i18n/paths";
import { editableDutchText, editableText, getOpsOpening, previewRichFields } from "@/lib/careers/console";
import { LANGUAGE_NAMES, STATUS_LABELS } from "@/lib/careers/status-labels";
import { jobOpeningPath } from "@/lib/site/site-url";

type Props = { params: Promise<{ jobId: string }> };

export const metadata: Metadata = { title: "Edit job opening · Operator console" };

export default async function EditJobOpeningPage({ params }: Props) {
  await requireOperator();
  const opening = await getOpsOpening((await params).jobId);
  if (!opening) notFound();
  const requirements = editableText(opening, "requirements");
  const benefits = editableText(opening, "benefits");
  const dutch = opening.nl;
  const dutchRich = { requirements: editableDutchText(opening, "requirements"), benefits: editableDutchText(opening, "benefits") };
  const initial = {
    job_id: opening.jobId,
    version: String(opening.version),
    department: opening.department,
    role: opening.role,
    location: opening.location,
    start_date: opening.startDate,
    closes_on: opening.closesOn ?? "",
    description: opening.description,
    about: opening.about,
    overview: opening.overview,
    content_format: opening.contentFormat,
    requirements,
    benefits,
    interview_time: opening.interviewTime,
    apply: opening.apply,
    nl_department: dutch?.department ?? "",
    nl_role: dutch?.role ?? "",
    nl_location: dutch?.location ?? "",
    nl_description: dutch?.description ?? "",
    nl_about: dutch?.about ?? "",
    nl_overview: dutch?.overview ?? "",
    nl_requirements: dutchRich.requirements,
    nl_benefits: dutchRich.benefits,
    nl_interview_time: dutch?.interviewTime ?? "",
    nl_apply: dutch?.apply ?? "",
  };
  return (
    <>
      <PageHeader
        back={<Link href="/ops/job-openings">← All job openings</Link>}
        eyebrow={`Job opening · ${STATUS_LABELS[opening.status]}`}
        title={opening.role}
        lead={`${opening.department}, ${opening.location}`}
      />
      <div className={`container ${ops.section}`}>
        <PageNotice />
        <ul className={styles.facts}>
          <li>
            Status: <span className={styles.status}>{STATUS_LABELS[opening.status]}</span>
          </li>
          <li data-testid="opening-version">Version {opening.version}</li>
          <li data-testid="opening-languages">In {opening.languages.map((locale) => LANGUAGE_NAMES[locale]).join(" and ")}</li>
          <li>
            Last saved <time dateTime={opening.updatedAt.toISOString()}>{formatDateTime(opening.updatedAt.toISOString())}</time>
          </li>
          {opening.status === "published" ? (
            <li>
              <Link href={jobOpeningPath(opening.jobId)}>Its public page</Link>
            </li>
          ) : null}
          {opening.status === "published" && dutch ? (
            <li>
              <a href={localizedPath("nl", jobOpeningPath(opening.jobId))} hrefLang="nl">
                Its Dutch page
              </a>
            </li>
          ) : null}
        </ul>
        <JobOpeningEditor
          key={opening.version}
          mode="edit"
          action={saveOpeningAction}
          initial={initial}
          departments={DEPARTMENT_ORDER}
          initialPreview={previewRichFields({ format: opening.contentFormat, requirements, benefits, ...(dutch ? { nl: dutchRich } : {}) })}
        />
        <JobOpeningActions key={`actions-${opening.version}`} jobId={opening.jobId} version={opening.version} status={opening.status} />
      </div>
    </>
  );
}
