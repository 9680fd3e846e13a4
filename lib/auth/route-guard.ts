// The proxy's optimistic check: signed-out visitors of the signed-in pages go to /, signed-in visitors
// of /login and /signup go to /inputs. It only reads the session cookie (no database); every guarded
// page and API handler checks the user again with getCurrentUser()/withUser.
import { NextResponse, type NextRequest } from "next/server";
import { sessionClaimsFrom } from "./cookies";
import { isWithinLifetime } from "./lifetimes";
import { localizedPath, splitLocale } from "../i18n/paths";

const SIGNED_IN_ONLY = ["/account", "/dashboard", "/inputs", "/help", "/pro"];
const SIGNED_OUT_ONLY = ["/login", "/signup"];

function under(pathname: string, roots: string[]): boolean {
  return roots.some((root) => pathname === root || pathname.startsWith(`${root}/`));
}

/** A redirect for `req`, or null when the request may go on. */
export async function guardRoute(req: NextRequest): Promise<NextResponse | null> {
  // The same rules in every language: /nl/inputs is /inputs in Dutch, and the redirect stays in that language.
  const { locale, path: pathname } = splitLocale(req.nextUrl.pathname);
  const signedInOnly = under(pathname, SIGNED_IN_ONLY);
  const signedOutOnly = SIGNED_OUT_ONLY.includes(pathname);
  if (!signedInOnly && !signedOutOnly) return null;

  const token = await sessionClaimsFrom(req.cookies.getAll());
  const signedIn = Boolean(token?.sub) && isWithinLifetime(token ?? {});
  if (signedInOnly && !signedIn) return NextResponse.redirect(new URL(localizedPath(locale, "/"), req.url));
  if (signedOutOnly && signedIn) return NextResponse.redirect(new URL(localizedPath(locale, "/inputs"), req.url));
  return null;
}
