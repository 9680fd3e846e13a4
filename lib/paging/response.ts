// The JSON answer of one page of a list in the API: the body as the route shapes it, and the next page's
// address also in a `Link: <…>; rel="next"` header (RFC 8288), the same query with the next cursor.
import "server-only";

export function pageResponse(url: URL, body: unknown, nextCursor: string | null): Response {
  const headers = new Headers();
  if (nextCursor) {
    const next = new URLSearchParams(url.searchParams);
    next.set("cursor", nextCursor);
    headers.set("Link", `<${url.pathname}?${next.toString()}>; rel="next"`);
  }
  return Response.json(body, { headers });
}
