// The wrapper around next-auth's route handler (app/api/auth/[...nextauth]/route.ts). It adds what
// next-auth v4 lacks: form-only POST bodies of bounded size (a JSON body would make next-auth throw),
// a clear answer for a missing CSRF token, the sign-in failure reason (wrong credentials, too many
// attempts, service down) as the `error` the form shows, and remember-me session cookies.
import "server-only";
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { env } from "../env";
import { readBody } from "../api/body";
import { ApiError, respondToError } from "../api/errors";
import { isCrossSiteRequest } from "../security/same-origin";
import { sessionCookieName, usesSecureCookies } from "./cookies";
import { deviceCookieHeader } from "./device-cookie";
import { authOptions } from "./options";
import { applyRememberChoice } from "./remember-cookie";
import { SIGN_IN_ERRORS } from "../i18n/sign-in-errors";
import { withSignInOutcome, type SignInFailure } from "./sign-in-outcome";

type Context = { params: Promise<{ nextauth: string[] }> };

function remember(response: Response): Promise<Response> {
  return applyRememberChoice(response, { cookieName: sessionCookieName(), secret: env().NEXTAUTH_SECRET });
}

/** Where next-auth sends the browser: the Location header, or `url` of a JSON answer. */
async function destination(response: Response, json: boolean): Promise<URL | null> {
  try {
    if (json) {
      const body = (await response.clone().json()) as { url?: unknown };
      return typeof body.url === "string" ? new URL(body.url) : null;
    }
    const location = response.headers.get("location");
    return location ? new URL(location) : null;
  } catch {
    return null;
  }
}

/** Sends the browser to /login?error=… (JSON `{url}` for next-auth's client), keeping the cookies. */
function toLoginError(base: URL, error: string, status: number, json: boolean, cookiesFrom: Response, extra: Record<string, string> = {}) {
  const target = new URL(`/login?error=${encodeURIComponent(error)}`, base);
  const headers = new Headers({ "Cache-Control": "no-store", ...extra });
  for (const cookie of cookiesFrom.headers.getSetCookie()) headers.append("set-cookie", cookie);
  if (json) {
    headers.set("content-type", "application/json");
    return new Response(JSON.stringify({ url: target.toString() }), { status, headers });
  }
  headers.set("location", target.toString());
  return new Response(null, { status: 303, headers });
}

function failureAnswer(failure: SignInFailure | undefined): { error: string; status: number; headers?: Record<string, string> } | null {
  if (failure?.kind === "rate_limited") {
    return { error: SIGN_IN_ERRORS.rateLimited, status: 429, headers: { "Retry-After": String(failure.retryAfterSeconds) } };
  }
  if (failure?.kind === "unavailable") return { error: SIGN_IN_ERRORS.unavailable, status: 503, headers: { "Retry-After": "5" } };
  return null;
}

/** next-auth answers some malformed calls with a 500 and its own text; none of that reaches a client. */
function screened(req: Request, response: Response): Response {
  if (response.status < 500) return response;
  return respondToError(new Error(`next-auth answered ${response.status}`), req);
}

/** Marks this browser as known to the account that just signed in (lib/auth/device-cookie.ts). */
function withDeviceCookie(response: Response, email: string): Response {
  const headers = new Headers(response.headers);
  headers.append("set-cookie", deviceCookieHeader(email, env().NEXTAUTH_SECRET, usesSecureCookies()));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function actionOf(context: Context): Promise<string | undefined> {
  return (await context.params)?.nextauth?.[0];
}

export async function handleAuthGet(req: NextRequest, context: Context): Promise<Response> {
  try {
    // Credentials are only ever POSTed; next-auth would answer a GET here with a 500.
    if ((await actionOf(context)) === "callback") {
      throw new ApiError("method_not_allowed", "Sign in with the form on /login.");
    }
    const response: Response = await NextAuth(req, context, authOptions());
    return await remember(screened(req, response));
  } catch (error) {
    return respondToError(error, req);
  }
}

export async function handleAuthPost(req: NextRequest, context: Context): Promise<Response> {
  try {
    // The client-side log relay is not used; it would let anyone write lines into the server log.
    if ((await actionOf(context)) === "_log") return new Response(null, { status: 204 });
    if (isCrossSiteRequest(req)) throw new ApiError("forbidden", "Cross-site requests are not accepted.");
    const text = await readBody(req, "form");
    const form = new URLSearchParams(text);
    const json = form.get("json") === "true";
    const forwarded = new NextRequest(req.url, { method: "POST", headers: req.headers, body: text });

    const { result: response, failure, signedIn } = await withSignInOutcome<Response>(() => NextAuth(forwarded, context, authOptions()));
    const target = await destination(response, json);

    // next-auth answers a missing or wrong CSRF token by pointing at its own sign-in/out page with
    // ?csrf=true, which its client would mistake for success.
    if (target?.searchParams.get("csrf") === "true") {
      if (json) return toLoginError(target, SIGN_IN_ERRORS.csrf, 403, true, response);
      throw new ApiError("forbidden", "The form has expired or did not come from this site. Reload the page and try again.");
    }
    const answer = failureAnswer(failure);
    if (answer && target) return toLoginError(target, answer.error, answer.status, json, response, answer.headers);
    const answered = await remember(screened(req, response));
    return signedIn ? withDeviceCookie(answered, signedIn) : answered;
  } catch (error) {
    return respondToError(error, req);
  }
}
