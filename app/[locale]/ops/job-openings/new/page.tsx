// /ops/job-openings/new – a new opening, saved as a draft.
import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { PageHeader } from "@/components/ui/page-header";
import { JobOpeningEditor } from "@/components/ops/job-opening-editor";
import ops from "@/components/ops/ops.module.css";
import { DEPARTMENT_ORDER } from "@/lib/careers/grouping";
import { requireOperator } from "@/lib/ops/access";
import { createOpeningAction } from "@/lib/careers/console-actions";

export const metadata: Metadata = { title: "New job opening · Operator console" };

export default async function NewJobOpeningPage() {
  await requireOperator();
  return (
    <>
      <PageHeader
        back={<Link href="/ops/job-openings">← All job openings</Link>}
        eyebrow="Operator console"
        title="New job opening"
        lead="It is saved as a draft: nobody outside the console sees it until you publish it."
      />
      <div className={`container ${ops.section}`}>
        <JobOpeningEditor mode="create" action={createOpeningAction} initial={{ content_format: "html" }} departments={DEPARTMENT_ORDER} />
      </div>
    </>
  );
}
