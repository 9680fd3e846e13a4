// After `next build`: records the SHA-256 of every inline <script> in each statically prerendered
// page, so those pages can be served with a hash-based Content-Security-Policy (they cannot carry a
// per-request nonce; pages rendered on request get one instead). The hashes are read by proxy.ts, and
// written as header rules into the build's routes manifest for the visitors the proxy does not see
// (lib/security/static-page-headers.ts).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { StaticHashes } from "../lib/security/csp";
import { inlineScriptHashes } from "../lib/security/policy.mjs";
import { staticPageHeaderRules, type HeaderRule } from "../lib/security/static-page-headers";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const manifestFile = path.join(distDir, "prerender-manifest.json");
if (!existsSync(manifestFile)) {
  console.error(`csp-static-hashes: ${manifestFile} not found; run next build first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { routes?: Record<string, { initialRevalidateSeconds?: number | false }> };

const result: StaticHashes = {};
for (const [route, info] of Object.entries(manifest.routes ?? {})) {
  // Pages regenerated at run time (ISR) change their inline scripts: they are not static.
  if (info.initialRevalidateSeconds !== false && info.initialRevalidateSeconds !== undefined) continue;
  const file = path.join(distDir, "server", "app", route === "/" ? "index.html" : `${route.slice(1)}.html`);
  if (!existsSync(file)) continue;
  result[route] = inlineScriptHashes(readFileSync(file, "utf8"));
}
const notFound = path.join(distDir, "server", "app", "_not-found.html");
if (existsSync(notFound)) result["/_not-found"] = inlineScriptHashes(readFileSync(notFound, "utf8"));

writeFileSync(path.join(distDir, "csp-static-hashes.json"), JSON.stringify(result, null, 2) + "\n");

// The header rules, in the routes manifest of the build and of its standalone copy. A rebuild writes
// a fresh manifest; running this twice on one build replaces the rules it added the first time.
const rules = staticPageHeaderRules(result);
for (const file of [path.join(distDir, "routes-manifest.json"), path.join(distDir, "standalone", path.basename(distDir), "routes-manifest.json")]) {
  if (!existsSync(file)) continue;
  const routes = JSON.parse(readFileSync(file, "utf8")) as { headers: (HeaderRule & { regex?: string; fixwellStaticPage?: boolean })[] };
  routes.headers = [...routes.headers.filter((rule) => !rule.fixwellStaticPage), ...rules.map((rule) => ({ ...rule, fixwellStaticPage: true }))];
  writeFileSync(file, JSON.stringify(routes));
}
console.log(`csp-static-hashes: ${Object.keys(result).length} static page(s) hashed, ${rules.length} header rules written`);
