// schema.org JobPosting structured data for an opening's detail page, and a serialiser that is safe
// inside <script type="application/ld+json">.
import type { JobOpening } from "./types";
import { CITY_PROVINCES, isCity } from "../requests/catalogue";
import { jobOpeningPath } from "../site/site-url";
import { localizedPath } from "../i18n/paths";
import type { Locale } from "../../i18n/locales";

const ORGANIZATION_NAME = "Fixwell";

/** Every opening is full-time: the table has no column for it yet (see the careers notes). */
export const EMPLOYMENT_TYPE = "FULL_TIME" as const;

const COUNTRY_CODES: Record<string, string> = { netherlands: "NL", "the netherlands": "NL", nederland: "NL" };

export type ParsedLocation = { remote: true; country: string; countryCode: string } | { remote: false; city: string; region?: string; countryCode: string };

/** "Remote (Netherlands)" → remote in the Netherlands; "Rotterdam" → an office in Rotterdam. */
export function parseLocation(location: string): ParsedLocation {
  const text = location.trim();
  if (/\bremote\b/i.test(text)) {
    const country = /\(([^)]+)\)/.exec(text)?.[1]?.trim() || "Netherlands";
    return { remote: true, country, countryCode: COUNTRY_CODES[country.toLowerCase()] ?? "NL" };
  }
  return { remote: false, city: text, region: isCity(text) ? CITY_PROVINCES[text] : undefined, countryCode: "NL" };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Made once: building a formatter with a time zone costs far more than using one. */
const AMSTERDAM_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam", year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar date of an instant in Amsterdam, `YYYY-MM-DD`. */
function amsterdamDate(instant: Date): string {
  return AMSTERDAM_DAY.format(instant);
}

/**
 * The last day the posting is valid: the closing date the operator set (closesOn), else the day it was
 * closed (closedAt), else the start date while it lies ahead. An opening whose start date has passed and
 * that has no closing date is still open until it is closed, so it gets no expiry rather than one in the
 * past (which would tell search engines it has closed).
 */
export function validThroughOf(opening: Pick<JobOpening, "startDate" | "closesOn" | "closedAt">, now: Date = new Date()): string | undefined {
  if (opening.closesOn) return opening.closesOn;
  if (opening.closedAt) return amsterdamDate(new Date(opening.closedAt));
  return opening.startDate >= amsterdamDate(now) ? opening.startDate : undefined;
}

export type JobPostingOptions = {
  origin: string;
  /** Sanitised requirements and benefits (from sanitizeJobHtml). */
  safeHtml: { requirements: string; benefits: string };
  now?: Date;
  /** The page's language: the posting's URL is that page's (default English). */
  locale?: Locale;
  /** The headings our copy adds to the description, in the page's language. */
  headings?: { requirements: string; benefits: string };
};

const ENGLISH_HEADINGS = { requirements: "What we look for", benefits: "What we offer" };

export function buildJobPostingJsonLd(
  opening: JobOpening,
  { origin, safeHtml, now = new Date(), locale = "en", headings = ENGLISH_HEADINGS }: JobPostingOptions,
) {
  const url = `${origin}${localizedPath(locale, jobOpeningPath(opening.jobId))}`;
  const location = parseLocation(opening.location);
  const description = [
    `<p>${escapeHtml(opening.description)}</p>`,
    `<p>${escapeHtml(opening.overview)}</p>`,
    safeHtml.requirements && `<h3>${escapeHtml(headings.requirements)}</h3>${safeHtml.requirements}`,
    safeHtml.benefits && `<h3>${escapeHtml(headings.benefits)}</h3>${safeHtml.benefits}`,
  ]
    .filter(Boolean)
    .join("\n");

  const place = location.remote
    ? { "@type": "Place", address: { "@type": "PostalAddress", addressCountry: location.countryCode } }
    : {
        "@type": "Place",
        address: {
          "@type": "PostalAddress",
          addressLocality: location.city,
          ...(location.region ? { addressRegion: location.region } : {}),
          addressCountry: location.countryCode,
        },
      };

  const validThrough = validThroughOf(opening, now);

  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: opening.role,
    description,
    identifier: { "@type": "PropertyValue", name: ORGANIZATION_NAME, value: opening.jobId },
    datePosted: amsterdamDate(opening.createdAt),
    ...(validThrough ? { validThrough } : {}),
    employmentType: EMPLOYMENT_TYPE,
    hiringOrganization: { "@type": "Organization", name: ORGANIZATION_NAME, sameAs: origin, url: origin },
    jobLocation: place,
    ...(location.remote
      ? { jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { "@type": "Country", name: location.country } }
      : {}),
    // Applications go by e-mail, not through a form on this page.
    directApply: false,
    occupationalCategory: opening.department,
    url,
  };
}

/**
 * JSON for a <script> element: `<`, `>` and `&` become \u escapes so that "</script>" or "<!--" in
 * the data cannot end the element, and U+2028/U+2029 are escaped too. JSON.parse gives back the
 * original value.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
