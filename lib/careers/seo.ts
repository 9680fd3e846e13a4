// What search engines are told: the public pages and openings for /sitemap.xml, and the rules for
// /robots.txt (public pages open, the API and signed-in or sign-in pages closed).
import type { MetadataRoute } from "next";
import { jobOpeningPath } from "./site-url";
import type { JobOpeningSummary } from "./types";

/** The public pages of the site, besides the openings themselves. */
export const PUBLIC_PATHS = [
  "/",
  "/ourstory",
  "/team",
  "/customer-help",
  "/community",
  "/culture",
  "/system-status",
  "/benefits",
  "/terms-of-service",
  "/privacy-policy",
  "/job-openings",
] as const;

/**
 * Kept out of search results: the API, the signed-in area, and the sign-in and sign-up forms (they
 * have nothing to index, and a results page full of login forms helps nobody).
 */
export const DISALLOWED_PATHS = ["/api/", "/inputs", "/dashboard", "/account", "/help", "/login", "/signup"] as const;

const PRIORITIES: Partial<Record<(typeof PUBLIC_PATHS)[number], number>> = { "/": 1, "/job-openings": 0.8 };

export function buildSitemap(origin: string, openings: readonly Pick<JobOpeningSummary, "jobId" | "updatedAt">[]): MetadataRoute.Sitemap {
  const pages: MetadataRoute.Sitemap = PUBLIC_PATHS.map((path) => ({
    url: path === "/" ? `${origin}/` : `${origin}${path}`,
    changeFrequency: path === "/job-openings" ? "daily" : "monthly",
    priority: PRIORITIES[path] ?? 0.5,
  }));
  const jobs: MetadataRoute.Sitemap = openings.map((opening) => ({
    url: `${origin}${jobOpeningPath(opening.jobId)}`,
    lastModified: opening.updatedAt,
    changeFrequency: "weekly",
    priority: 0.7,
  }));
  return [...pages, ...jobs];
}

export function buildRobots(origin: string): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: [...DISALLOWED_PATHS] },
    sitemap: `${origin}/sitemap.xml`,
  };
}
