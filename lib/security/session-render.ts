// Prerendered pages carry the signed-out header (Sign In / Sign Up). A request that carries a session
// token must get its own header in the first HTML, so the proxy has that one request rendered on
// demand instead: it forwards the request with Next.js's draft-mode cookie, whose value is a secret of
// the build (prerender-manifest.json), added to the request only and never sent to the browser. Draft
// mode makes Next render a prerendered route per request; the header asks draftMode() whether it may
// read the session (lib/auth/current-user.ts, getHeaderUser). Visitors without a session keep the
// prerendered page and its hash-based Content-Security-Policy.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { NextRequest } from "next/server";
import { sessionClaimsFrom } from "../auth/cookies";
import { isWithinLifetime } from "../auth/lifetimes";

/** Next.js's draft-mode cookie (COOKIE_NAME_PRERENDER_BYPASS in next/dist/server/api-utils). */
const DRAFT_MODE_COOKIE = "__prerender_bypass";

let cachedId: string | null | undefined;

function draftModeId(): string | null {
  if (cachedId !== undefined) return cachedId;
  const file = path.resolve(process.cwd(), process.env.NEXT_DIST_DIR || ".next", "prerender-manifest.json");
  try {
    const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { preview?: { previewModeId?: unknown } }) : {};
    const id = manifest.preview?.previewModeId;
    cachedId = typeof id === "string" && id ? id : null;
  } catch {
    cachedId = null;
  }
  if (!cachedId) console.warn("[security] no draft-mode id in the build: signed-in visitors see the prerendered header");
  return cachedId;
}

/**
 * True when the request carries a session token this site issued and that has not ended by its own
 * lifetime (lib/auth/lifetimes.ts). A cookie that only bears the name (garbage, a forged or expired
 * token) leaves the visitor the prerendered page: rendering on demand would cost time and show the
 * signed-out header anyway. Whether the session was ended on the server is the page's own question.
 */
async function hasSessionToken(request: NextRequest): Promise<boolean> {
  const claims = await sessionClaimsFrom(request.cookies.getAll());
  return Boolean(claims?.sub) && isWithinLifetime(claims ?? {});
}

/**
 * Marks the forwarded request headers of a visitor with a session token for rendering on demand;
 * returns whether it did (then the page gets a nonce-based policy). In development every page is
 * rendered on demand anyway.
 */
export async function markForSessionRender(request: NextRequest, forwarded: Headers, development: boolean): Promise<boolean> {
  if (development || !(await hasSessionToken(request))) return false;
  const id = draftModeId();
  if (!id) return false;
  const kept = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair && !pair.startsWith(`${DRAFT_MODE_COOKIE}=`));
  forwarded.set("cookie", [...kept, `${DRAFT_MODE_COOKIE}=${id}`].join("; "));
  return true;
}
