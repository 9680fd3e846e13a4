// The page a visitor gets when a page cannot be rendered because the database cannot be reached: 503
// with Retry-After, in the page's language (errors.unavailable), a self-contained document that needs
// nothing from the database, not even the session (proxy.ts answers with it). The API answers the
// same outage with its own 503 JSON (lib/api/errors.ts, database_unavailable).
import enErrors from "../../messages/en/errors.json";
import nlErrors from "../../messages/nl/errors.json";
import type { Locale } from "../../i18n/locales";
import { staticSecurityHeaders } from "../security/headers";

const TEXT: Record<Locale, typeof enErrors.unavailable> = { en: enErrors.unavailable, nl: nlErrors.unavailable };

/** Seconds a visitor (or a proxy in front) is told to wait before trying again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 503 answer for a page at `path` (its address, to try again) in `locale`. */
export function databaseUnavailablePage(locale: Locale, path: string): Response {
  const text = TEXT[locale];
  const html = `<!DOCTYPE html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(text.documentTitle)}</title></head>
<body style="font-family: system-ui, sans-serif; margin: 0 auto; max-width: 40rem; padding: 2rem 1rem; line-height: 1.5;">
<main><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.body)}</p><p><a href="${escapeHtml(path)}">${escapeHtml(text.retry)}</a></p></main>
</body>
</html>
`;
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    // No script, no outside resource; only the one inline style attribute.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  });
  for (const { key, value } of staticSecurityHeaders) headers.set(key, value);
  return new Response(html, { status: 503, headers });
}
