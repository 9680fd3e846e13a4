// /sitemaps/handymen/{n}.xml – one file of listed handymen's profiles (lib/site/sitemap.ts); 404 for a file the index does not name.
import { withErrors } from "@/lib/api/handler";
import { profilesSitemap } from "@/lib/site/sitemap";
import { sitemapOrigin, sitemapResponse } from "@/lib/site/sitemap-response";

export const GET = withErrors<{ file: string }>(async ({ req, params }) => sitemapResponse(await profilesSitemap(sitemapOrigin(req), params.file)));
