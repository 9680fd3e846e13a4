// The prerendered pages are served without the proxy to visitors who carry no session cookie (see the
// matcher in proxy.ts): for them the proxy has nothing to decide, and running it cost the home page
// about 40% of its rate. Their Content-Security-Policy (hash-based, from the build) and, over https,
// Strict-Transport-Security then come from header rules that scripts/csp-static-hashes.ts adds to the
// build's routes manifest, which Next.js applies to every matching request. The rules hold only while
// no session cookie is sent: a visitor with a session goes through the proxy, which has the page
// rendered on request with a nonce-based policy instead (./session-render.ts).
import { SESSION_COOKIE_BASENAME } from "../auth/cookies";
import { localizedPath, splitLocale } from "../i18n/paths";
import { buildCsp, type StaticHashes } from "./csp";
import { HSTS, OVER_HTTPS } from "./headers";

export { HSTS };

type Condition = { type: "cookie" | "header"; key: string; value?: string };
export type HeaderRule = { source: string; headers: { key: string; value: string }[]; has?: Condition[]; missing?: Condition[] };

/** The session cookie under every name it may have: plain or __Host- (https), whole or in chunks. */
export const SESSION_COOKIE_NAMES = [SESSION_COOKIE_BASENAME, `__Host-${SESSION_COOKIE_BASENAME}`].flatMap((name) => [name, `${name}.0`]);

/** The address a visitor uses for a route Next.js renders: /en/ourstory is /ourstory, /nl stays /nl. */
export function publicPathOf(route: string): string {
  const { locale, path } = splitLocale(route);
  return localizedPath(locale, path);
}

/** One rule for plain http and one for https (behind a proxy that says so) per prerendered page. */
export function staticPageHeaderRules(hashes: StaticHashes): HeaderRule[] {
  const withoutSession: Condition[] = SESSION_COOKIE_NAMES.map((key) => ({ type: "cookie", key }));
  return Object.entries(hashes)
    .filter(([route]) => !route.startsWith("/_"))
    .flatMap(([route, scriptSources]) => {
      const source = publicPathOf(route);
      const policy = (https: boolean) => buildCsp({ scriptSources, development: false, https });
      return [
        { source, headers: [{ key: "Content-Security-Policy", value: policy(false) }], missing: [...withoutSession, OVER_HTTPS] },
        {
          source,
          headers: [
            { key: "Content-Security-Policy", value: policy(true) },
            { key: "Strict-Transport-Security", value: HSTS },
          ],
          has: [OVER_HTTPS],
          missing: withoutSession,
        },
      ];
    });
}
