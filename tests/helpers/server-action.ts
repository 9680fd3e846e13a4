// Server actions called the way Next.js calls them: next/headers answers with this test's request
// headers and a cookie jar the action can write, and next/navigation's redirect() throws with where it
// leads. Import this module before the actions, and the actions with `await import(…)` after it.
import { vi } from "vitest";

type Jar = Map<string, { value: string; maxAge?: number }>;

/** The request the next action answers: its headers, and the browser's cookies as the action left them. */
export const actionRequest: { jar: Jar; headers: Headers } = { jar: new Map(), headers: new Headers() };

// The factories run when an action first imports these modules, after this module has run.
vi.mock("next/headers", () => ({
  headers: async () => actionRequest.headers,
  cookies: async () => ({
    get: (name: string) => (actionRequest.jar.has(name) ? { name, value: actionRequest.jar.get(name)!.value } : undefined),
    getAll: () => [...actionRequest.jar].map(([name, { value }]) => ({ name, value })),
    set: (name: string, value: string, options: { maxAge?: number } = {}) => {
      if (options.maxAge === 0) actionRequest.jar.delete(name);
      else actionRequest.jar.set(name, { value, maxAge: options.maxAge });
    },
  }),
}));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error("NEXT_REDIRECT"), { redirectedTo: to });
  },
  notFound: () => {
    throw Object.assign(new Error("NEXT_NOT_FOUND"), { digest: "NEXT_HTTP_ERROR_FALLBACK;404" });
  },
  // Pages rendered by a test have no [locale] segment: links stay English.
  useParams: () => null,
  usePathname: () => "/",
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ replace: () => {}, refresh: () => {}, push: () => {} }),
}));

/** A posted form with these text fields. */
export function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** Where the action redirected to, or null when it answered with state. */
export async function redirectOf(run: Promise<unknown>): Promise<string | null> {
  try {
    await run;
    return null;
  } catch (error) {
    const to = (error as { redirectedTo?: string }).redirectedTo;
    if (!to) throw error;
    return to;
  }
}

export const SESSION_COOKIE = "next-auth.session-token";

/** The session cookie the jar holds now, as a Cookie header value (null when signed out). */
export function sessionCookieInJar(): string | null {
  const cookie = actionRequest.jar.get(SESSION_COOKIE);
  return cookie ? `${SESSION_COOKIE}=${cookie.value}` : null;
}

/** The browser sends `cookie` (or the jar's session cookie) with the next requests; null sends none. */
export function sendCookie(cookie: string | null = sessionCookieInJar()): void {
  if (cookie) actionRequest.headers.set("cookie", cookie);
  else actionRequest.headers.delete("cookie");
}
