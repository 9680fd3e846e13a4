import { networkInterfaces } from "node:os";
import path from "node:path";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
import { parseEnv, productionWarnings } from "./lib/env";
import { apiHeaderRules, staticSecurityHeaders } from "./lib/security/headers";
import { MAX_PHOTO_FORM_BYTES } from "./lib/photos/limits";

/**
 * Hosts the development server may be opened from besides localhost: 127.0.0.1 and this machine's own
 * network addresses (the "Network" line `next dev` prints), so a phone on the same network works too.
 */
function devOrigins(): string[] {
  const hosts = new Set(["127.0.0.1", "localhost"]);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (!address.internal && address.family === "IPv4") hosts.add(address.address);
    }
  }
  return [...hosts];
}

// Messages and the language of each request come from i18n/request.ts.
const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

export default function nextConfig(phase: string): NextConfig {
  return withNextIntl(baseConfig(phase));
}

function baseConfig(phase: string): NextConfig {
  // Fails `next build` and `next start` with the variable's name when the environment is wrong.
  const env = parseEnv(process.env, { requireSecret: phase === PHASE_PRODUCTION_SERVER, generateSecret: false });
  if (phase === PHASE_PRODUCTION_SERVER) {
    for (const warning of productionWarnings(env)) console.warn(`[security] ${warning}`);
  }
  // Next.js's cache (pages, route responses, cached data) goes through lib/cache/page-cache-handler.mjs,
  // which gives each page regenerated at run time its Content-Security-Policy. With REDIS_URL every
  // instance shares it in Redis, so a revalidation on one is seen by all; otherwise it stays on this
  // server's disk. Read at `next start`, and at `next build` for the standalone server, which keeps the
  // build's settings. `next dev` renders every page on request, with a nonce, and keeps Next.js's own.
  const cacheHandler = phase !== PHASE_DEVELOPMENT_SERVER;
  return {
    distDir: process.env.NEXT_DIST_DIR || ".next",
    // `next build` also writes a self-contained server (<distDir>/standalone/server.js, with its assets
    // copied in by scripts/standalone-assets.mjs) for hosts without node_modules. `npm start` and
    // `npm run start:cluster` serve the build with `next start`, which would only warn about this setting.
    ...(phase === PHASE_PRODUCTION_BUILD ? { output: "standalone" as const } : {}),
    ...(cacheHandler ? { cacheHandler: path.resolve("lib/cache/page-cache-handler.mjs") } : {}),
    poweredByHeader: false,
    // No ETag on pages: Next.js computes it on every answer by hashing the whole HTML in JavaScript,
    // which was a third of the CPU of serving the prerendered home page (its text has characters beyond
    // Latin-1, which makes the hash slower still). See docs/performance.md, "Pages without an ETag". Assets under
    // /_next/static are named by their content and cached for a year; they never needed one.
    generateEtags: false,
    reactStrictMode: true,
    allowedDevOrigins: devOrigins(),
    // Loaded from node_modules at run time: PGlite ships WASM next to its code, jsdom reads its own files,
    // sharp its native binary (@img/sharp-linux-x64), file-type is ESM-only, the AWS SDK is large, pdfkit
    // reads its own data files (invoices use only the fonts shipped in assets/fonts, traced below).
    serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "isomorphic-dompurify", "jsdom", "pg", "ioredis", "sharp", "file-type", "@aws-sdk/client-s3", "pdfkit"],
    outputFileTracingIncludes: { "/**": ["./assets/fonts/**"] },
    // Form posts to server actions may carry the photos of a request: five of 10 MB each and the fields
    // (lib/photos/limits.ts); Next.js refuses a larger post before the action runs. Every action checks
    // its own fields' sizes, and each photo is checked again (lib/photos/form.ts).
    // globalNotFound: addresses no route matches get app/global-not-found.tsx, rendered on the server in
    // their language (see that file).
    experimental: { serverActions: { bodySizeLimit: MAX_PHOTO_FORM_BYTES }, globalNotFound: true },
    // English pages have no language in their address: /ourstory is app/[locale]/ourstory with locale
    // "en" (the proxy sends /en/… here without the prefix); /nl/… matches app/[locale] as it is. Checked
    // after the routes and files with fixed addresses (the API, /_next, public files, the sitemap index)
    // but before dynamic routes, so /sitemaps/ (whose files of profiles are one) is left out by name.
    async rewrites() {
      return {
        beforeFiles: [],
        afterFiles: [
          { source: "/", destination: "/en" },
          // A first segment that is not "api", "nl", "en", "_next" or "sitemaps" (the lookahead stops at the segment's end).
          { source: "/:first((?!(?:api|nl|en|_next|sitemaps)(?![^/]))[^/.]+)/:rest*", destination: "/en/:first/:rest*" },
        ],
        fallback: [],
      };
    },
    async headers() {
      // The API's policy and HSTS: proxy.ts does not run for /api/ (see its matcher).
      return [{ source: "/:path*", headers: [...staticSecurityHeaders] }, ...apiHeaderRules];
    },
  };
}
