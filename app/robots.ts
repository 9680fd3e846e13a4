// /robots.txt – public pages open to crawlers; the API, sign-in and signed-in areas closed.
import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { buildRobots } from "@/lib/site/seo";
import { getSiteOrigin } from "@/lib/site/site-origin";

export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  return buildRobots(await getSiteOrigin());
}
