// @ts-check
// The Content-Security-Policy text and the hashes of a page's inline scripts, in plain JavaScript:
// Next.js loads the cache handler (lib/cache/page-cache-handler.mjs) by path, outside the app's bundles,
// and it writes the policy of every page it stores; the proxy and the build's header rules use the same
// text through ./csp.ts.
import { createHash } from "node:crypto";

/**
 * Where a form may lead besides the site: the payment provider's checkout, which accepting or paying a quote
 * redirects to (a form's redirect is held to form-action): the stand-in's address in test payments, Mollie's
 * own with a key. Read from the environment as the server has it (the stand-in's address is set when it starts).
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string[]}
 */
export function checkoutSources(env = process.env) {
  if (env.MOLLIE_API_ENDPOINT) {
    try {
      return [new URL(env.MOLLIE_API_ENDPOINT).origin];
    } catch {
      return [];
    }
  }
  return env.MOLLIE_API_KEY ? ["https://www.mollie.com"] : [];
}

/**
 * The policy: only the site's own scripts and `scriptSources` (a nonce or hash sources) run.
 * @param {{ scriptSources: string[], development: boolean, https: boolean }} options
 * @returns {string}
 */
export function buildCsp({ scriptSources, development, https }) {
  /** @type {string[][]} */
  const directives = [
    ["default-src", "'self'"],
    // React needs eval only in development, for its error overlays.
    ["script-src", "'self'", ...scriptSources, ...(development ? ["'unsafe-eval'"] : [])],
    // Inline style attributes (e.g. from next/image) are not script; allowing them keeps pages intact.
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...(development ? ["ws:"] : [])],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'", ...checkoutSources()],
    ["frame-ancestors", "'none'"],
    ["manifest-src", "'self'"],
  ];
  if (https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((parts) => parts.join(" ")).join("; ");
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/** The hash source of one script's text. */
export function hashSource(/** @type {string} */ text) {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The hash sources of every inline script of a page `next build` wrote (the build's own output). */
export function inlineScriptHashes(/** @type {string} */ html) {
  const hashes = new Set();
  for (const match of html.matchAll(INLINE_SCRIPT)) hashes.add(hashSource(match[2]));
  return [...hashes];
}

// What Next.js, Turbopack and React write inline into a page they render: the list of the page's script
// chunks (`(globalThis["TURBOPACK"] || …).push(…)`), the page's data for the router
// (`(self.__next_f=self.__next_f||[]).push(…)`, then `self.__next_f.push(…)`), and React's streaming
// helpers that move late parts into place (`$RC`, `$RS`, `$RX`, `$RV`, `$RB` and the like).
const FRAMEWORK_SCRIPT = /^(?:\(globalThis\["TURBOPACK"\] \|\| \(globalThis\["TURBOPACK"\] = \[\]\)\)\.push\(|\(self\.__next_f=self\.__next_f\|\|\[\]\)\.push\(|self\.__next_f\.push\(|\$R[A-Z]\b|\$R[A-Z]=|requestAnimationFrame\(function\(\)\{\$RT)/;
const DATA_TYPE = /\btype\s*=\s*["']?application\/(?:ld\+)?json\b/i;

/**
 * The hash sources for a page rendered at run time and kept in the cache: only the inline scripts
 * Next.js and React write (see FRAMEWORK_SCRIPT). A data block (`type="application/ld+json"`) is not
 * run and needs none. Any other inline script is left out, so should one ever reach such a page it is
 * refused rather than allowed by its own hash.
 */
export function frameworkScriptHashes(/** @type {string} */ html) {
  const hashes = new Set();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [, attributes, text] = match;
    if (DATA_TYPE.test(attributes)) continue;
    if (FRAMEWORK_SCRIPT.test(text)) hashes.add(hashSource(text));
  }
  return [...hashes];
}
