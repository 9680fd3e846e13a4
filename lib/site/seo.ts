// What search engines are told: the public pages, openings and handymen's profiles in both languages for the sitemaps behind
// /sitemap.xml (lib/site/sitemap.ts), and the rules for /robots.txt (public pages open, the API and signed-in or sign-in pages closed).
import type { MetadataRoute } from "next";
import { jobOpeningPath } from "./site-url";
import { LOCALES } from "../../i18n/locales";
import { localizedPath } from "../i18n/paths";
import type { JobOpeningSummary } from "../careers/types";
import { profilePath } from "../handymen/profile-path";

/** The public pages of the site, besides the openings themselves. */
export const PUBLIC_PATHS = [
  "/",
  "/ourstory",
  "/join",
  "/team",
  "/customer-help",
  "/community",
  "/culture",
  "/system-status",
  "/benefits",
  "/terms-of-service",
  "/privacy-policy",
  "/job-openings",
  "/how-we-rank",
  "/cancellation",
] as const;

/**
 * Kept out of search results: the API, the signed-in area, and the sign-in and sign-up forms (they
 * have nothing to index, and a results page full of login forms helps nobody).
 */
const PRIVATE_PATHS = ["/inputs", "/dashboard", "/account", "/help", "/login", "/signup"] as const;
export const DISALLOWED_PATHS = ["/api/", ...PRIVATE_PATHS, ...PRIVATE_PATHS.map((path) => localizedPath("nl", path))] as const;

const PRIORITIES: Partial<Record<(typeof PUBLIC_PATHS)[number], number>> = { "/": 1, "/job-openings": 0.8 };

/** The absolute URL of `path` (an English path) in `locale`. */
function urlIn(origin: string, locale: (typeof LOCALES)[number], path: string): string {
  const localized = localizedPath(locale, path);
  return localized === "/" ? `${origin}/` : `${origin}${localized}`;
}

/** One entry per language of a page, each naming every language's URL as its alternates. */
function inEveryLanguage(origin: string, path: string, entry: Omit<MetadataRoute.Sitemap[number], "url">): MetadataRoute.Sitemap {
  const languages = Object.fromEntries(LOCALES.map((locale) => [locale, urlIn(origin, locale, path)]));
  return LOCALES.map((locale) => ({ ...entry, url: urlIn(origin, locale, path), alternates: { languages } }));
}

/** The sitemap of the public pages and every published job opening (/sitemaps/pages.xml). */
export function buildPagesSitemap(origin: string, openings: readonly Pick<JobOpeningSummary, "jobId" | "updatedAt">[]): MetadataRoute.Sitemap {
  const pages = PUBLIC_PATHS.flatMap((path) =>
    inEveryLanguage(origin, path, { changeFrequency: path === "/job-openings" ? "daily" : "monthly", priority: PRIORITIES[path] ?? 0.5 }),
  );
  const jobs = openings.flatMap((opening) =>
    inEveryLanguage(origin, jobOpeningPath(opening.jobId), { lastModified: opening.updatedAt, changeFrequency: "weekly", priority: 0.7 }),
  );
  return [...pages, ...jobs];
}

/** A sitemap of handymen's profiles (/sitemaps/handymen/{n}.xml): `slugs` of profiles that answer 200 (lib/handymen/profile.ts). */
export function buildProfilesSitemap(origin: string, slugs: readonly string[]): MetadataRoute.Sitemap {
  return slugs.flatMap((slug) => inEveryLanguage(origin, profilePath(slug), { changeFrequency: "weekly", priority: 0.6 }));
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);
const isoTime = (value: string | Date) => new Date(value).toISOString();

/** A sitemap as the sitemaps.org protocol writes it, each page's languages as xhtml:link alternates. */
export function sitemapXml(entries: MetadataRoute.Sitemap): string {
  const urls = entries.map((entry) => {
    const lines = [`<loc>${escapeXml(entry.url)}</loc>`];
    for (const [language, href] of Object.entries(entry.alternates?.languages ?? {})) {
      lines.push(`<xhtml:link rel="alternate" hreflang="${escapeXml(language)}" href="${escapeXml(String(href))}" />`);
    }
    if (entry.lastModified) lines.push(`<lastmod>${isoTime(entry.lastModified)}</lastmod>`);
    if (entry.changeFrequency) lines.push(`<changefreq>${entry.changeFrequency}</changefreq>`);
    if (entry.priority !== undefined) lines.push(`<priority>${entry.priority}</priority>`);
    return `<url>\n${lines.join("\n")}\n</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** A sitemap index naming each of the site's sitemaps with the time it last changed. */
export function sitemapIndexXml(sitemaps: readonly { url: string; lastModified: string | Date }[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemaps.map((sitemap) => `<sitemap>\n<loc>${escapeXml(sitemap.url)}</loc>\n<lastmod>${isoTime(sitemap.lastModified)}</lastmod>\n</sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

export function buildRobots(origin: string): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: [...DISALLOWED_PATHS] },
    sitemap: `${origin}/sitemap.xml`,
  };
}
