// Turns the HTML stored in an opening's requirements and benefits into markup that is safe to put on a
// page: an allow-list of text tags (headings, paragraphs, lists, emphasis, links), nothing else.
//
// DOMPurify runs against one shared jsdom window that keeps state between calls, so results are
// cached by a hash of the input (a changed opening hashes differently, even when a direct SQL edit
// forgot updated_at), the cache is bounded, and the window is renewed after many sanitisations.
import "server-only";
import { createHash } from "node:crypto";
import DOMPurify, { clearWindow, type Config } from "isomorphic-dompurify";

const ALLOWED_TAGS = ["h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "ul", "ol", "li", "strong", "b", "em", "i", "a"];

// http(s), mailto and tel links, plus site-relative paths and fragments. Everything else
// (javascript:, data:, vbscript:, protocol-relative //host …) loses its href.
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|tel:|\/(?![/\\])|#)/i;

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: ["href"],
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
  WHOLE_DOCUMENT: false,
};

/** Headings inside an opening sit below the page's own h1 and section h2s. */
const DEMOTE_TO = "h3";

const MAX_CACHE_ENTRIES = 500;
const SANITISATIONS_PER_WINDOW = 500;

type SanitiserState = { cache: Map<string, string>; sinceWindowRenewed: number };

// On globalThis so that every route bundle and dev-mode reload shares one bounded cache.
const store = globalThis as unknown as { __fixwellJobHtml?: SanitiserState };
const state: SanitiserState = (store.__fixwellJobHtml ??= { cache: new Map(), sinceWindowRenewed: 0 });

function purify(html: string): string {
  // null when the input replaced the body altogether (a <frameset> document): nothing to keep.
  const body = DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM: true }) as HTMLElement | null;
  if (!body) return "";
  const document = body.ownerDocument;

  for (const heading of Array.from(body.querySelectorAll("h1, h2"))) {
    const replacement = document.createElement(DEMOTE_TO);
    while (heading.firstChild) replacement.appendChild(heading.firstChild);
    heading.replaceWith(replacement);
  }

  for (const link of Array.from(body.querySelectorAll("a"))) {
    if (!link.getAttribute("href")) {
      link.replaceWith(...Array.from(link.childNodes));
      continue;
    }
    link.setAttribute("rel", "noopener noreferrer");
  }

  return body.innerHTML.trim();
}

/** Safe HTML for one stored fragment. Cached; identical input always gives identical output. */
export function sanitizeJobHtml(html: string | null | undefined): string {
  if (!html) return "";
  const key = createHash("sha256").update(html).digest("base64url");
  const cached = state.cache.get(key);
  if (cached !== undefined) {
    // Re-insert so the Map's order is least-recently-used first.
    state.cache.delete(key);
    state.cache.set(key, cached);
    return cached;
  }

  if (state.sinceWindowRenewed >= SANITISATIONS_PER_WINDOW) {
    clearWindow();
    state.sinceWindowRenewed = 0;
  }
  state.sinceWindowRenewed += 1;
  const clean = purify(html);

  state.cache.set(key, clean);
  while (state.cache.size > MAX_CACHE_ENTRIES) {
    const oldest = state.cache.keys().next().value;
    if (oldest === undefined) break;
    state.cache.delete(oldest);
  }
  return clean;
}

/** For tests and diagnostics: cache size and limit, and sanitisations since the window was renewed. */
export function sanitizerCacheStats(): { size: number; max: number; sinceWindowRenewed: number; perWindow: number } {
  return {
    size: state.cache.size,
    max: MAX_CACHE_ENTRIES,
    sinceWindowRenewed: state.sinceWindowRenewed,
    perWindow: SANITISATIONS_PER_WINDOW,
  };
}
