// /robots.txt – public pages open to crawlers; the API, sign-in and signed-in areas closed.
import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { buildRobots } from "@/lib/careers/seo";
import { getSiteOrigin } from "@/lib/careers/site-origin";

export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  return buildRobots(await getSiteOrigin());
}
