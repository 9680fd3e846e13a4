// What search engines are told: the public pages, openings and handymen's profiles in both languages for /sitemap.xml, and the rules for
// /robots.txt (public pages open, the API and signed-in or sign-in pages closed).
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

/** `profiles`: the slugs of the handymen whose public profile answers 200 (lib/handymen/profile.ts). */
export function buildSitemap(
  origin: string,
  openings: readonly Pick<JobOpeningSummary, "jobId" | "updatedAt">[],
  profiles: readonly { slug: string }[] = [],
): MetadataRoute.Sitemap {
  const pages = PUBLIC_PATHS.flatMap((path) =>
    inEveryLanguage(origin, path, { changeFrequency: path === "/job-openings" ? "daily" : "monthly", priority: PRIORITIES[path] ?? 0.5 }),
  );
  const jobs = openings.flatMap((opening) =>
    inEveryLanguage(origin, jobOpeningPath(opening.jobId), { lastModified: opening.updatedAt, changeFrequency: "weekly", priority: 0.7 }),
  );
  const pros = profiles.flatMap((profile) => inEveryLanguage(origin, profilePath(profile.slug), { changeFrequency: "weekly", priority: 0.6 }));
  return [...pages, ...jobs, ...pros];
}

export function buildRobots(origin: string): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: [...DISALLOWED_PATHS] },
    sitemap: `${origin}/sitemap.xml`,
  };
}
