// /sitemap.xml – the sitemap index: the public pages' sitemap and the handymen's profiles' (lib/site/sitemap.ts).
import { withErrors } from "@/lib/api/handler";
import { sitemapIndex } from "@/lib/site/sitemap";
import { sitemapOrigin, sitemapResponse } from "@/lib/site/sitemap-response";

export const GET = withErrors(async ({ req }) => sitemapResponse(await sitemapIndex(sitemapOrigin(req))));
