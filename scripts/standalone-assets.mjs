// After `next build`: copies what the standalone server (<distDir>/standalone/server.js) serves or reads
// but Next.js leaves out: public/ and the built static assets, as Next.js's documentation says, and the
// Content-Security-Policy hashes and SQL migrations this app reads from its working folder. Leaves out
// the local data folder.
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const standalone = path.join(distDir, "standalone");
if (!existsSync(path.join(standalone, "server.js"))) {
  console.error(`standalone-assets: ${standalone}/server.js not found; run next build first`);
  process.exit(1);
}
// The standalone server runs in its own folder and finds the build under the same name there.
const builtInside = path.join(standalone, path.basename(distDir));
const copies = [
  ["public", path.join(standalone, "public")],
  [path.join(distDir, "static"), path.join(builtInside, "static")],
  [path.join(distDir, "csp-static-hashes.json"), path.join(builtInside, "csp-static-hashes.json")],
  [path.join("prisma", "migrations"), path.join(standalone, "prisma", "migrations")],
];
for (const [from, to] of copies) {
  if (existsSync(from)) cpSync(from, to, { recursive: true });
}
// The build traces the local data folder (lib/env.ts reads a development secret there); it must never
// ship: it holds this machine's embedded database, secret and mail.
rmSync(path.join(standalone, ".data"), { recursive: true, force: true });
console.log(`standalone-assets: copied public, static assets, CSP hashes and migrations into ${standalone}`);
