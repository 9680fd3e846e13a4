// /sitemaps/pages.xml – the public pages and every published job opening, in both languages (lib/site/sitemap.ts).
import { withErrors } from "@/lib/api/handler";
import { pagesSitemap } from "@/lib/site/sitemap";
import { sitemapOrigin, sitemapResponse } from "@/lib/site/sitemap-response";

export const GET = withErrors(async ({ req }) => sitemapResponse(await pagesSitemap(sitemapOrigin(req))));
