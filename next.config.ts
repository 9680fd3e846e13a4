import type { NextConfig } from "next";
import { PHASE_PRODUCTION_SERVER } from "next/constants";
import { parseEnv } from "./lib/env";
import { staticSecurityHeaders } from "./lib/security/headers";

export default function nextConfig(phase: string): NextConfig {
  // Fails `next build` and `next start` with the variable's name when the environment is wrong.
  parseEnv(process.env, { requireSecret: phase === PHASE_PRODUCTION_SERVER, generateSecret: false });
  return {
    distDir: process.env.NEXT_DIST_DIR || ".next",
    poweredByHeader: false,
    reactStrictMode: true,
    // Loaded from node_modules at run time: PGlite ships WASM next to its code, jsdom reads its own files.
    serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "isomorphic-dompurify", "jsdom", "pg"],
    async headers() {
      return [{ source: "/:path*", headers: [...staticSecurityHeaders] }];
    },
  };
}
