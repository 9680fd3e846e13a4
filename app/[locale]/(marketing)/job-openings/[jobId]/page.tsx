// /job-openings/{job_id} – one published opening in full, with JobPosting structured data. Rendered on
// request (never at build time, see DESIGN.md on PGlite). An unknown or malformed id, or a draft, gives
// the 404 page, drawn here when the proxy has answered the request 404 (lib/careers/closed-path.ts); a
// closed opening says so, with the status 410 the proxy gave the request. The opening's content is shown
// in the page's language when the opening has a version in it; otherwise in English, marked as such,
// with a notice and a link to the English page.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { cache } from "react";
import { ClosedJobOpening } from "@/components/careers/closed-job-opening";
import { JobOpeningDetail } from "@/components/careers/job-opening-detail";
import { NotFoundContent } from "@/components/layout/not-found-content";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/i18n/locales";
import { MISSING_OPENING_HEADER } from "@/lib/careers/closed-path";
import { careersCopy } from "@/lib/careers/copy";
import { absoluteAlternates } from "@/lib/careers/metadata";
import { buildJobPostingJsonLd } from "@/lib/careers/json-ld";
import { openingInLocale } from "@/lib/careers/translations";
import { sanitizeJobHtml } from "@/lib/careers/sanitize";
import { OPEN_GRAPH_LOCALE } from "@/lib/i18n/metadata";
import { getSiteOrigin } from "@/lib/site/site-origin";
import { jobOpeningPath } from "@/lib/site/site-url";

type Props = { params: Promise<{ jobId: string; locale?: string }> };

// Metadata and page ask for the same opening; one read serves both.
const loadOpening = cache(openingInLocale);

/** The opening as the page shows it: in the page's language when it has a version in it, else in English. */
function shown(found: Extract<Awaited<ReturnType<typeof openingInLocale>>, { kind: "published" }>) {
  return found.opening ? { opening: found.opening, contentLocale: found.locale } : { opening: found.english, contentLocale: "en" as const };
}

function localeOf(value: string | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { jobId, locale: requested } = await params;
  const locale = localeOf(requested);
  const [found, { t }] = await Promise.all([loadOpening(jobId, locale), careersCopy(locale)]);
  if (found.kind === "gone") return { title: t("detail.meta.closedTitle"), robots: { index: false } };
  if (found.kind !== "published") return { title: t("detail.meta.notFoundTitle"), robots: { index: false } };
  const { opening } = shown(found);
  const alternates = absoluteAlternates(await getSiteOrigin(), locale, jobOpeningPath(opening.jobId));
  const socialTitle = t("detail.meta.socialTitle", { role: opening.role, location: opening.location });
  return {
    title: t("detail.meta.title", { role: opening.role, location: opening.location }),
    description: opening.description,
    alternates,
    openGraph: {
      type: "website",
      siteName: "Fixwell",
      title: socialTitle,
      description: opening.description,
      url: alternates.canonical,
      locale: OPEN_GRAPH_LOCALE[locale],
    },
    twitter: { card: "summary", title: socialTitle, description: opening.description },
  };
}

export default async function JobOpeningPage({ params }: Props) {
  await connection();
  const { jobId, locale: requested } = await params;
  const locale = localeOf(requested);
  const [found, copy] = await Promise.all([loadOpening(jobId, locale), careersCopy(locale)]);
  if (found.kind === "gone") return <ClosedJobOpening copy={copy} />;
  if (found.kind !== "published") {
    // The proxy answered this request 404 already: the not-found content is drawn here, on the server.
    if ((await headers()).get(MISSING_OPENING_HEADER) === "1") return <NotFoundContent locale={locale} />;
    notFound();
  }
  const { opening, contentLocale } = shown(found);
  const origin = await getSiteOrigin();
  const safeHtml = found.safeHtml ?? { requirements: sanitizeJobHtml(opening.requirements), benefits: sanitizeJobHtml(opening.benefits) };
  const jsonLd = buildJobPostingJsonLd(opening, {
    origin,
    safeHtml,
    locale,
    headings: { requirements: copy.t("detail.requirements"), benefits: copy.t("detail.benefits") },
  });
  return <JobOpeningDetail opening={opening} contentLocale={contentLocale} safeHtml={safeHtml} jsonLd={jsonLd} copy={copy} />;
}
