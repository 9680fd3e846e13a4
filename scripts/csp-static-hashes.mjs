// After `next build`: records the SHA-256 of every inline <script> in each statically prerendered
// page, so proxy.ts can serve those pages with a hash-based Content-Security-Policy (they cannot
// carry a per-request nonce). Pages rendered on request get a nonce instead.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const manifestFile = path.join(distDir, "prerender-manifest.json");
if (!existsSync(manifestFile)) {
  console.error(`csp-static-hashes: ${manifestFile} not found; run next build first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));

function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.add(`'sha256-${createHash("sha256").update(match[1], "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

const result = {};
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
console.log(`csp-static-hashes: ${Object.keys(result).length} static page(s) hashed`);
