// The proxy's optimistic check: signed-out visitors of the signed-in pages go to /, signed-in visitors
// of /login and /signup go to /inputs. It only reads the session cookie (no database); every guarded
// page and API handler checks the user again with getCurrentUser()/withUser.
import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { env } from "../env";
import { usesSecureCookies } from "./cookies";

const SIGNED_IN_ONLY = ["/account", "/dashboard", "/inputs", "/help"];
const SIGNED_OUT_ONLY = ["/login", "/signup"];

function under(pathname: string, roots: string[]): boolean {
  return roots.some((root) => pathname === root || pathname.startsWith(`${root}/`));
}

/** A redirect for `req`, or null when the request may go on. */
export async function guardRoute(req: NextRequest): Promise<NextResponse | null> {
  const { pathname } = req.nextUrl;
  const signedInOnly = under(pathname, SIGNED_IN_ONLY);
  const signedOutOnly = SIGNED_OUT_ONLY.includes(pathname);
  if (!signedInOnly && !signedOutOnly) return null;

  const token = await getToken({ req, secret: env().NEXTAUTH_SECRET, secureCookie: usesSecureCookies() }).catch(() => null);
  const signedIn = Boolean(token?.sub);
  if (signedInOnly && !signedIn) return NextResponse.redirect(new URL("/", req.url));
  if (signedOutOnly && signedIn) return NextResponse.redirect(new URL("/inputs", req.url));
  return null;
}
