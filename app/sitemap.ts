// /sitemap.xml – the public pages and every job opening. Built on request from the database.
import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { listJobOpeningSummaries } from "@/lib/careers/queries";
import { buildSitemap } from "@/lib/site/seo";
import { getSiteOrigin } from "@/lib/site/site-origin";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const [origin, openings] = await Promise.all([getSiteOrigin(), listJobOpeningSummaries()]);
  return buildSitemap(origin, openings);
}
