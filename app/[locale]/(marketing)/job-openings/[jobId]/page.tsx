// /job-openings/{job_id} – one published opening in full, with JobPosting structured data. Kept in
// Next.js's cache (incremental static regeneration) from its first request on, never at build time
// (generateStaticParams names none; see docs/operations.md on PGlite), and served from it to every visitor without
// a session, with the Content-Security-Policy the cache handler computed for it
// (lib/cache/page-cache-handler.mjs). An edit in the operator console expires it with the openings' tag.
// The proxy answers a closed opening's page 410 and an unknown one's 404 (lib/careers/closed-path.ts);
// the page shows that the opening has closed, or the not-found content, drawn on the server and not kept
// in the cache. The opening's content is shown in the page's language when the opening has
// a version in it; otherwise in English, marked as such, with a notice and a link to the English page.
import type { Metadata } from "next";
import { cache } from "react";
import { ClosedJobOpening } from "@/components/careers/closed-job-opening";
import { JobOpeningDetail } from "@/components/careers/job-opening-detail";
import { NotFoundContent } from "@/components/layout/not-found-content";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/i18n/locales";
import { doNotKeepThisPage } from "@/lib/cache";
import { careersCopy } from "@/lib/careers/copy";
import { absoluteAlternates } from "@/lib/careers/metadata";
import { buildJobPostingJsonLd } from "@/lib/careers/json-ld";
import { openingInLocale } from "@/lib/careers/queries";
import { sanitizeJobHtml } from "@/lib/careers/sanitize";
import { OPEN_GRAPH_LOCALE } from "@/lib/i18n/metadata";
import { configuredSiteOrigin } from "@/lib/site/site-origin";
import { jobOpeningPath } from "@/lib/site/site-url";

type Props = { params: Promise<{ jobId: string; locale?: string }> };

/** No opening is rendered at build time; each is kept from its first request on. */
export function generateStaticParams(): { jobId: string }[] {
  return [];
}

/** Rendered again at the latest this long after it was kept (changes made outside the app, e.g. in SQL). */
export const revalidate = 300;

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
  const alternates = absoluteAlternates(configuredSiteOrigin(), locale, jobOpeningPath(opening.jobId));
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
  const { jobId, locale: requested } = await params;
  const locale = localeOf(requested);
  const [found, copy] = await Promise.all([loadOpening(jobId, locale), careersCopy(locale)]);
  if (found.kind === "gone") return <ClosedJobOpening copy={copy} />;
  // The proxy has answered this request 404: the not-found content is drawn here, on the server (a page
  // calling notFound() would be sent as an empty shell the browser fills in, vercel/next.js#62228).
  // Not kept in the cache: every unknown address would add a page to it.
  if (found.kind !== "published") {
    await doNotKeepThisPage();
    return <NotFoundContent locale={locale} />;
  }
  const { opening, contentLocale } = shown(found);
  const origin = configuredSiteOrigin();
  const safeHtml = found.safeHtml ?? { requirements: sanitizeJobHtml(opening.requirements), benefits: sanitizeJobHtml(opening.benefits) };
  const jsonLd = buildJobPostingJsonLd(opening, {
    origin,
    safeHtml,
    locale,
    headings: { requirements: copy.t("detail.requirements"), benefits: copy.t("detail.benefits") },
  });
  return <JobOpeningDetail opening={opening} contentLocale={contentLocale} safeHtml={safeHtml} jsonLd={jsonLd} copy={copy} />;
}
