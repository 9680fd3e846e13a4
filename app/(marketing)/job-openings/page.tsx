// /job-openings – every opening, grouped by department. Rendered on request: it reads the database,
// which must stay out of the build (see DESIGN.md on PGlite), and a changed opening shows at once.
import type { Metadata } from "next";
import { connection } from "next/server";
import { JobOpeningsList } from "@/components/careers/job-openings-list";
import styles from "@/components/careers/careers.module.css";
import { groupByDepartment } from "@/lib/careers/grouping";
import { listJobOpeningSummaries } from "@/lib/careers/queries";
import { getSiteOrigin } from "@/lib/careers/site-origin";

const TITLE = "Job openings";
const DESCRIPTION =
  "Work at Fixwell: open roles in engineering, operations, customer success and marketing, in Amsterdam, The Hague, Rotterdam and remote.";

export async function generateMetadata(): Promise<Metadata> {
  const url = `${await getSiteOrigin()}/job-openings`;
  return {
    title: TITLE,
    description: DESCRIPTION,
    alternates: { canonical: url },
    openGraph: { type: "website", siteName: "Fixwell", title: `${TITLE} at Fixwell`, description: DESCRIPTION, url },
  };
}

export default async function JobOpeningsPage() {
  await connection();
  const groups = groupByDepartment(await listJobOpeningSummaries());
  return (
    <>
      <div className={styles.band}>
        <div className="container">
          <p className={styles.eyebrow}>Careers</p>
          <h1>Job openings</h1>
          <p className={styles.lead}>
            Help homeowners in Amsterdam, The Hague and Rotterdam get their repairs done right. We are a small team, so
            your work reaches customers within days.
          </p>
        </div>
      </div>
      <div className={`container ${styles.page}`}>
        <JobOpeningsList groups={groups} />
      </div>
    </>
  );
}
