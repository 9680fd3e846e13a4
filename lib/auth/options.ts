// next-auth's configuration: email + password (Credentials) with JWT sessions. The token carries
// sub = users.id, email, the remember-me choice and the session's id, version and sign-in time
// (lib/auth/sessions.ts); lib/auth/session.ts reads the same cookie.
import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { encode, type JWT } from "next-auth/jwt";
import { env } from "../env";
import { clientIp } from "../rate-limit/client-ip";
import { sessionCookieAttributes, sessionCookieName, usesSecureCookies } from "./cookies";
import { REMEMBERED_SESSION_MAX_AGE, tokenMaxAge } from "./session-policy";
import { liveSessionOwner, openSession, revokeSession } from "./sessions";
import { attemptSignIn } from "./sign-in";
import { deviceTokenFromCookieHeader } from "./device-cookie";
import { recordSignInFailure, recordSignInSuccess } from "./sign-in-outcome";

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

export function authOptions(): NextAuthOptions {
  cached ??= {
    secret: env().NEXTAUTH_SECRET,
    useSecureCookies: usesSecureCookies(),
    session: { strategy: "jwt", maxAge: REMEMBERED_SESSION_MAX_AGE },
    cookies: { sessionToken: { name: sessionCookieName(), options: sessionCookieAttributes() } },
    jwt: {
      maxAge: REMEMBERED_SESSION_MAX_AGE,
      // Lifetimes count from the sign-in (lib/auth/session-policy.ts), however often the token is renewed.
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
