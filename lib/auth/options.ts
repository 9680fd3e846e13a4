// next-auth's configuration: email + password (Credentials) with JWT sessions. The token carries
// sub = users.id, email and the remember-me choice; lib/auth/session.ts reads the same cookie.
import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { encode } from "next-auth/jwt";
import { env } from "../env";
import { getDb } from "../db";
import { clientIp } from "../rate-limit/client-ip";
import { usesSecureCookies } from "./cookies";
import { attemptSignIn } from "./sign-in";
import { recordSignInFailure } from "./sign-in-outcome";

/** A remembered session lasts 30 days (renewed while the site is used). */
export const REMEMBERED_SESSION_MAX_AGE = 30 * 24 * 60 * 60;
/**
 * A session that is not remembered lives in a browser-session cookie; its token also expires after a
 * day without use, so a browser that restores its session cookies does not keep it for 30 days.
 */
export const BROWSER_SESSION_MAX_AGE = 24 * 60 * 60;

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
    const ip = clientIp(req?.headers ?? {}, env().TRUSTED_IP_HEADER);
    const result = await attemptSignIn(credentials, { ip });
    if (result.kind !== "ok") {
      recordSignInFailure(result);
      return null;
    }
    return { id: result.user.id, email: result.user.email, remember: result.remember };
  },
});

/** True when the user of a token is gone from the database (false when the database cannot say). */
async function userIsGone(userId: string): Promise<boolean> {
  try {
    const db = await getDb();
    return (await db.user.findUnique({ where: { id: userId }, select: { id: true } })) === null;
  } catch {
    return false;
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
    jwt: {
      maxAge: REMEMBERED_SESSION_MAX_AGE,
      encode: (params) =>
        encode({ ...params, maxAge: params.token?.remember === false ? BROWSER_SESSION_MAX_AGE : params.maxAge }),
    },
    pages: { signIn: "/login", error: "/login" },
    providers: [credentialsProvider],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          return { sub: user.id, email: user.email, remember: user.remember === true };
        }
        // A deleted account's token stops working here too; next-auth then clears the cookie.
        if (token.sub && (await userIsGone(token.sub))) throw new Error("the account no longer exists");
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
