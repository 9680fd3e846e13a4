// Turns the HTML stored in an opening's requirements and benefits into markup that is safe to put on a
// page: an allow-list of text tags (headings, paragraphs, lists, emphasis, links), nothing else. The
// operator console uses sanitizeJobHtmlWithReport, which also says in plain words what it removed.
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
  // Leading <script>, <style> or <meta> would otherwise be parsed into <head> and dropped unseen; in the
  // body they are removed the same way, and sanitizeJobHtmlWithReport can say so.
  FORCE_BODY: true,
};

/** Headings inside an opening sit below the page's own h1 and section h2s. */
const DEMOTE_TO = "h3";

const MAX_CACHE_ENTRIES = 500;
const SANITISATIONS_PER_WINDOW = 500;

type SanitiserState = { cache: Map<string, string>; sinceWindowRenewed: number };

// On globalThis so that every route bundle and dev-mode reload shares one bounded cache.
const store = globalThis as unknown as { __fixwellJobHtml?: SanitiserState };
const state: SanitiserState = (store.__fixwellJobHtml ??= { cache: new Map(), sinceWindowRenewed: 0 });

type Purified = { html: string; removed: string[] };

/** What DOMPurify's `removed` list says, in plain words ("removed <script> element"). */
function describeRemovals(removed: readonly unknown[]): string[] {
  const words: string[] = [];
  // FORCE_BODY makes DOMPurify put a <remove> marker of its own before the input; it is never reported.
  let markerSeen = false;
  for (const item of removed) {
    const entry = item as { element?: Node; attribute?: Attr | null; from?: Element };
    if (entry.element) {
      const node = entry.element;
      if (node.nodeType === 8) words.push("removed an HTML comment");
      else if (node.nodeType === 1) {
        const tag = node.nodeName.toLowerCase();
        // The document skeleton DOMPurify parses the fragment into is reported too; it was never the operator's.
        if (tag === "body" || tag === "html" || tag === "head") continue;
        if (tag === "remove" && !markerSeen) {
          markerSeen = true;
          continue;
        }
        words.push(`removed <${tag}> element`);
      } else if (node.nodeType === 3) words.push("removed text that was not allowed there");
      else words.push(`removed ${node.nodeName.toLowerCase()}`);
    } else if (entry.attribute) {
      const name = entry.attribute.name.toLowerCase();
      const tag = entry.from?.nodeName.toLowerCase() ?? "an element";
      if (name === "href" && tag === "a") words.push(`removed link ${shorten(entry.attribute.value)}`);
      else words.push(`removed ${name} attribute from <${tag}>`);
    }
  }
  return words;
}

function shorten(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function purify(html: string): Purified {
  // null when the input replaced the body altogether (a <frameset> document): nothing to keep.
  const body = DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM: true }) as HTMLElement | null;
  const removed = describeRemovals(DOMPurify.removed);
  if (!body) return { html: "", removed };
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

  return { html: body.innerHTML.trim(), removed };
}

/** Renews the shared window now and then (see the top of this file). */
function countSanitisation(): void {
  if (state.sinceWindowRenewed >= SANITISATIONS_PER_WINDOW) {
    clearWindow();
    state.sinceWindowRenewed = 0;
  }
  state.sinceWindowRenewed += 1;
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

  countSanitisation();
  const clean = purify(html).html;

  state.cache.set(key, clean);
  while (state.cache.size > MAX_CACHE_ENTRIES) {
    const oldest = state.cache.keys().next().value;
    if (oldest === undefined) break;
    state.cache.delete(oldest);
  }
  return clean;
}

export type SanitizeReport = {
  /** Exactly what sanitizeJobHtml gives for the same input: what the public page shows. */
  html: string;
  /** What was taken out, in plain words, in document order, each distinct removal once with a count. */
  removed: string[];
};

/**
 * The same sanitisation as sanitizeJobHtml, with a report of what it removed, for the operator console's
 * preview and save. Never cached (the report belongs to one call); the result also warms the cache.
 */
export function sanitizeJobHtmlWithReport(html: string | null | undefined): SanitizeReport {
  if (!html) return { html: "", removed: [] };
  countSanitisation();
  const result = purify(html);
  const counts = new Map<string, number>();
  for (const word of result.removed) counts.set(word, (counts.get(word) ?? 0) + 1);
  return {
    html: result.html,
    removed: [...counts].map(([word, count]) => (count > 1 ? `${word} (${count} times)` : word)),
  };
}

/** Whether sanitised HTML shows any text at all (a fragment of empty tags shows nothing). */
export function hasVisibleText(safeHtml: string): boolean {
  return safeHtml.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;|\s/g, "").length > 0;
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
