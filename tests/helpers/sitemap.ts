// Reading the sitemap as a search engine does: /sitemap.xml is an index, and each sitemap it names is
// fetched in turn. `get` answers a path: a running server's (the browser tests) or the route handlers
// called directly (routeHandlerGet, the integration tests).

export type SitemapGet = (path: string) => Promise<{ status: number; text: string }>;

/** The <loc> values of a sitemap or a sitemap index, in order. */
export function locsOf(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1].replaceAll("&amp;", "&"));
}

/** The sitemaps /sitemap.xml names, as absolute URLs (its root element must be a sitemap index). */
export async function sitemapFiles(get: SitemapGet): Promise<string[]> {
  const index = await get("/sitemap.xml");
  if (index.status !== 200) throw new Error(`/sitemap.xml answered ${index.status}`);
  if (!index.text.includes("<sitemapindex")) throw new Error("/sitemap.xml is not a sitemap index");
  return locsOf(index.text);
}

/** Every address in every sitemap the index names, file by file. */
export async function sitemapContents(get: SitemapGet): Promise<{ file: string; urls: string[] }[]> {
  const contents: { file: string; urls: string[] }[] = [];
  for (const file of await sitemapFiles(get)) {
    const { pathname } = new URL(file);
    const child = await get(pathname);
    if (child.status !== 200) throw new Error(`${pathname}, named by the index, answered ${child.status}`);
    if (!child.text.includes("<urlset")) throw new Error(`${pathname} is not a sitemap`);
    contents.push({ file: pathname, urls: locsOf(child.text) });
  }
  return contents;
}

/** Every address the sitemap lists, following the index to each of its sitemaps. */
export async function sitemapUrls(get: SitemapGet): Promise<string[]> {
  return (await sitemapContents(get)).flatMap((file) => file.urls);
}

/** Answers a sitemap path through a running server (a browser test's request context). */
export function serverGet(request: { get(path: string): Promise<{ status(): number; text(): Promise<string> }> }): SitemapGet {
  return async (path) => {
    const response = await request.get(path);
    return { status: response.status(), text: await response.text() };
  };
}

/** Answers a sitemap path through the app's route handlers, as the server would (the integration tests). */
export async function routeHandlerGet(path: string): Promise<{ status: number; text: string }> {
  const request = new Request(`http://localhost:3000${path}`);
  const respond = async (response: Response) => ({ status: response.status, text: await response.text() });
  if (path === "/sitemap.xml") return respond(await (await import("../../app/sitemap.xml/route")).GET(request, { params: Promise.resolve({}) }));
  if (path === "/sitemaps/pages.xml") return respond(await (await import("../../app/sitemaps/pages.xml/route")).GET(request, { params: Promise.resolve({}) }));
  const file = /^\/sitemaps\/handymen\/([^/]+)$/.exec(path)?.[1];
  if (file !== undefined) {
    const { GET } = await import("../../app/sitemaps/handymen/[file]/route");
    return respond(await GET(request, { params: Promise.resolve({ file: decodeURIComponent(file) }) }));
  }
  return { status: 404, text: "" };
}
