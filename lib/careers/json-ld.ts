// schema.org JobPosting structured data for an opening's detail page, and a serialiser that is safe
// inside <script type="application/ld+json">.
import type { JobOpening } from "./types";
import { jobOpeningPath } from "./site-url";

export const ORGANIZATION_NAME = "Fixwell";

/** Every opening is full-time: the table has no column for it yet (see the careers notes). */
export const EMPLOYMENT_TYPE = "FULL_TIME" as const;

const CITY_REGIONS: Record<string, string> = {
  Amsterdam: "Noord-Holland",
  Rotterdam: "Zuid-Holland",
  "The Hague": "Zuid-Holland",
};

const COUNTRY_CODES: Record<string, string> = { netherlands: "NL", "the netherlands": "NL", nederland: "NL" };

export type ParsedLocation = { remote: true; country: string; countryCode: string } | { remote: false; city: string; region?: string; countryCode: string };

/** "Remote (Netherlands)" → remote in the Netherlands; "Rotterdam" → an office in Rotterdam. */
export function parseLocation(location: string): ParsedLocation {
  const text = location.trim();
  if (/\bremote\b/i.test(text)) {
    const country = /\(([^)]+)\)/.exec(text)?.[1]?.trim() || "Netherlands";
    return { remote: true, country, countryCode: COUNTRY_CODES[country.toLowerCase()] ?? "NL" };
  }
  return { remote: false, city: text, region: CITY_REGIONS[text], countryCode: "NL" };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The calendar date of an instant in Amsterdam, `YYYY-MM-DD`. */
export function amsterdamDate(instant: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam", year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

export type JobPostingOptions = {
  origin: string;
  /** Sanitised requirements and benefits (from sanitizeJobHtml). */
  safeHtml: { requirements: string; benefits: string };
  now?: Date;
};

export function buildJobPostingJsonLd(opening: JobOpening, { origin, safeHtml, now = new Date() }: JobPostingOptions) {
  const url = `${origin}${jobOpeningPath(opening.jobId)}`;
  const location = parseLocation(opening.location);
  const description = [
    `<p>${escapeHtml(opening.description)}</p>`,
    `<p>${escapeHtml(opening.overview)}</p>`,
    safeHtml.requirements && `<h3>What we look for</h3>${safeHtml.requirements}`,
    safeHtml.benefits && `<h3>What we offer</h3>${safeHtml.benefits}`,
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

  // An opening whose start date has passed is still open until it is removed, so it gets no
  // expiry rather than one in the past (which would tell search engines it has closed).
  const validThrough = opening.startDate >= amsterdamDate(now) ? opening.startDate : undefined;

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

export type JobPostingJsonLd = ReturnType<typeof buildJobPostingJsonLd>;

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
