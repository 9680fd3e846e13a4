// /sitemap.xml – the public pages, every job opening and every listed handyman's profile. Built on request from the database.
import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { listJobOpeningSummaries } from "@/lib/careers/queries";
import { listListedProfiles } from "@/lib/handymen/profile";
import { buildSitemap } from "@/lib/site/seo";
import { getSiteOrigin } from "@/lib/site/site-origin";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const [origin, openings, profiles] = await Promise.all([getSiteOrigin(), listJobOpeningSummaries(), listListedProfiles()]);
  return buildSitemap(origin, openings, profiles);
}
