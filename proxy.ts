// Runs before every page and API request: the optimistic sign-in guard of lib/auth/route-guard.ts (each
// guarded page and handler checks the user again itself) and the per-request security headers — the
// Content-Security-Policy and, over https, Strict-Transport-Security.
import { NextResponse, type NextRequest } from "next/server";
import { guardRoute } from "@/lib/auth/route-guard";
import { usesSecureCookies } from "@/lib/auth/cookies";
import { pagePolicy } from "@/lib/security/csp";

const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const HSTS = "max-age=63072000; includeSubDomains";

function servedOverHttps(request: NextRequest): boolean {
  return request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https" || usesSecureCookies();
}

export async function proxy(request: NextRequest) {
  const https = servedOverHttps(request);
  const isApi = request.nextUrl.pathname.startsWith("/api/");
  let response: NextResponse;
  let csp: string;
  if (isApi) {
    response = NextResponse.next();
    csp = API_CSP;
  } else {
    const policy = pagePolicy(request.nextUrl.pathname, { development: process.env.NODE_ENV === "development", https });
    csp = policy.csp;
    const redirect = await guardRoute(request);
    if (redirect) {
      response = redirect;
    } else {
      // Next.js reads the nonce from the request's policy header and puts it on its own scripts.
      const headers = new Headers(request.headers);
      if (policy.nonce) headers.set("content-security-policy", csp);
      response = NextResponse.next({ request: { headers } });
    }
  }
  response.headers.set("Content-Security-Policy", csp);
  if (https) response.headers.set("Strict-Transport-Security", HSTS);
  return response;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|.*\\.(?:svg|png|ico|webmanifest|txt|xml)$).*)"],
};
