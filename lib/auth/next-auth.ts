// next-auth: its configuration, and the wrapper around its route handler. Email + password
// (Credentials) with JWT sessions; the token carries sub = users.id, email, the remember-me choice and
// the session's id, version and sign-in time (lib/auth/sessions.ts); lib/auth/current-user.ts reads the
// same cookie. The wrapper (app/api/auth/[...nextauth]/route.ts) adds what next-auth v4 lacks: form-only
// POST bodies of bounded size (a JSON body would make next-auth throw), a clear answer for a missing
// CSRF token, the sign-in failure reason (wrong credentials, too many attempts, service down) as the
// `error` the form shows, and remember-me session cookies.
import "server-only";
import NextAuth, { type NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { encode, type JWT } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { env } from "../env";
import { readBody } from "../api/body";
import { ApiError, respondToError } from "../api/errors";
import { clientIp } from "../rate-limit/client-ip";
import { isCrossSiteRequest } from "../security/same-origin";
import {
  applyRememberChoice,
  deviceCookieHeader,
  deviceTokenFromCookieHeader,
  sessionCookieAttributes,
  sessionCookieName,
  usesSecureCookies,
} from "./cookies";
import { REMEMBERED_SESSION_MAX_AGE, tokenMaxAge } from "./lifetimes";
import { SIGN_IN_ERRORS } from "../i18n/sign-in-errors";
import { liveSessionOwner, openSession, revokeSession } from "./sessions";
import { attemptSignIn, recordSignInFailure, recordSignInSuccess, withSignInOutcome, type SignInFailure } from "./sign-in";

// What this app keeps in next-auth's token and session, beside the standard fields.
declare module "next-auth/jwt" {
  interface JWT {
    /** The remember-me choice: false keeps the session cookie to the browser session. */
    remember?: boolean;
  }
}

declare module "next-auth" {
  interface User {
    remember?: boolean;
  }
}

// ---- The configuration.

export const credentialsProvider = CredentialsProvider({
  id: "credentials",
  name: "Email and password",
  credentials: {
    email: { label: "Email", type: "email" },
    password: { label: "Password", type: "password" },
    remember: { label: "Remember me", type: "checkbox" },
  },
  // Never throws: next-auth would copy the message into the redirect URL.
  async authorize(credentials, req) {
    const headers = req?.headers ?? {};
    const ip = clientIp(headers, env().TRUSTED_IP_HEADER);
    const cookieHeader = typeof headers.cookie === "string" ? headers.cookie : undefined;
    const deviceToken = deviceTokenFromCookieHeader(cookieHeader, usesSecureCookies());
    const result = await attemptSignIn(credentials, { ip, deviceToken });
    if (result.kind !== "ok") {
      recordSignInFailure(result);
      return null;
    }
    recordSignInSuccess(result.user.email);
    return { id: result.user.id, email: result.user.email, remember: result.remember };
  },
});

/**
 * The account of a token whose session is still live; null when it was ended. When the database cannot
 * be asked, the token is given the benefit of the doubt here: every page and API call checks it again.
 */
async function sessionStillLive(token: JWT): Promise<boolean> {
  try {
    return (await liveSessionOwner(token)) !== null;
  } catch {
    return true;
  }
}

/** One log line, without control characters and of bounded length. */
function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").slice(0, 300);
}

let cached: NextAuthOptions | undefined;

function authOptions(): NextAuthOptions {
  cached ??= {
    secret: env().NEXTAUTH_SECRET,
    useSecureCookies: usesSecureCookies(),
    session: { strategy: "jwt", maxAge: REMEMBERED_SESSION_MAX_AGE },
    cookies: { sessionToken: { name: sessionCookieName(), options: sessionCookieAttributes() } },
    jwt: {
      maxAge: REMEMBERED_SESSION_MAX_AGE,
      // Lifetimes count from the sign-in (lib/auth/lifetimes.ts), however often the token is renewed.
      encode: (params) => encode({ ...params, maxAge: params.token ? tokenMaxAge(params.token) : params.maxAge }),
    },
    pages: { signIn: "/login", error: "/login" },
    events: {
      async signOut({ token }) {
        await revokeSession(token?.sid);
      },
    },
    providers: [credentialsProvider],
    callbacks: {
      async jwt({ token, user }) {
        if (user) return openSession({ id: user.id, email: user.email ?? "" }, user.remember === true);
        // A session ended elsewhere (signed out, password changed, account deleted) stops here too;
        // next-auth then clears the cookie.
        if (!(await sessionStillLive(token))) throw new Error("the session has ended");
        return token;
      },
      async session({ session, token }) {
        return { expires: session.expires, user: { email: token.email ?? null } };
      },
    },
    // next-auth's own logger prints whole error objects; these lines name the code and message only,
    // so no token, cookie or form value reaches the logs.
    logger: {
      error(code, metadata) {
        const message = metadata instanceof Error ? metadata.message : (metadata as { message?: unknown })?.message;
        console.error(`[auth] ${printable(code)}${typeof message === "string" ? `: ${printable(message)}` : ""}`);
      },
      warn(code) {
        if (env().NODE_ENV !== "production" && code === "NEXTAUTH_URL") return;
        console.warn(`[auth] warning ${printable(code)}`);
      },
      debug() {},
    },
  };
  return cached;
}

// ---- The route handler.

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

/** Marks this browser as known to the account that just signed in (lib/auth/cookies.ts). */
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
