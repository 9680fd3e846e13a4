// /job-openings/{job_id} – one opening in full, with JobPosting structured data. Rendered on request
// (never at build time, see DESIGN.md on PGlite); an unknown or malformed id gives the 404 page.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { cache } from "react";
import { JobOpeningDetail } from "@/components/careers/job-opening-detail";
import { buildJobPostingJsonLd } from "@/lib/careers/json-ld";
import { getJobOpening } from "@/lib/careers/queries";
import { sanitizeJobHtml } from "@/lib/careers/sanitize";
import { getSiteOrigin } from "@/lib/careers/site-origin";
import { jobOpeningPath } from "@/lib/careers/site-url";

type Props = { params: Promise<{ jobId: string }> };

// Metadata and page ask for the same opening; one query serves both.
const loadOpening = cache(getJobOpening);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const opening = await loadOpening((await params).jobId);
  if (!opening) return { title: "Job opening not found", robots: { index: false } };
  const url = `${await getSiteOrigin()}${jobOpeningPath(opening.jobId)}`;
  const socialTitle = `${opening.role} at Fixwell, ${opening.location}`;
  return {
    title: `${opening.role}, ${opening.location}`,
    description: opening.description,
    alternates: { canonical: url },
    openGraph: { type: "website", siteName: "Fixwell", title: socialTitle, description: opening.description, url },
    twitter: { card: "summary", title: socialTitle, description: opening.description },
  };
}

export default async function JobOpeningPage({ params }: Props) {
  await connection();
  const opening = await loadOpening((await params).jobId);
  if (!opening) notFound();
  const origin = await getSiteOrigin();
  const safeHtml = { requirements: sanitizeJobHtml(opening.requirements), benefits: sanitizeJobHtml(opening.benefits) };
  const jsonLd = buildJobPostingJsonLd(opening, { origin, safeHtml });
  return <JobOpeningDetail opening={opening} safeHtml={safeHtml} jsonLd={jsonLd} />;
}
