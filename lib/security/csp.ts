// The Content-Security-Policy of each page: only the site's own scripts run. Pages rendered on request
// get a fresh nonce (Next.js puts it on its scripts); statically prerendered pages cannot, so they are
// allowed exactly the inline scripts whose hashes were recorded at build time.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { buildCsp } from "./policy.mjs";

export type StaticHashes = Record<string, string[]>;

let cachedHashes: StaticHashes | undefined;

function loadStaticHashes(): StaticHashes {
  if (cachedHashes) return cachedHashes;
  const file = path.resolve(process.cwd(), process.env.NEXT_DIST_DIR || ".next", "csp-static-hashes.json");
  try {
    cachedHashes = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as StaticHashes) : {};
  } catch {
    cachedHashes = {};
  }
  return cachedHashes;
}

function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

export { buildCsp, type CspOptions } from "./policy.mjs";

/**
 * The policy for a page request: hash-based when the path is a statically prerendered page served as
 * built, otherwise (and for a prerendered page rendered on request, see ./session-render.ts) nonce-based (the nonce is returned so the caller can hand it to Next.js).
 */
export function pagePolicy(
  pathname: string,
  { renderedOnRequest = false, ...options }: { development: boolean; https: boolean; renderedOnRequest?: boolean },
): { csp: string; nonce?: string } {
  const hashes = loadStaticHashes();
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const staticHashes = hashes[normalised];
  if (staticHashes && !options.development && !renderedOnRequest) {
    return { csp: buildCsp({ scriptSources: staticHashes, ...options }) };
  }
  const nonce = createNonce();
  // An unknown path is answered with the prerendered not-found page, whose scripts carry no nonce.
  const notFound = options.development ? [] : (hashes["/_not-found"] ?? []);
  return { csp: buildCsp({ scriptSources: [`'nonce-${nonce}'`, ...notFound], ...options }), nonce };
}
