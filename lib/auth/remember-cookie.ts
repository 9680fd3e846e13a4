// Remember-me for next-auth v4, which has no per-sign-in cookie lifetime: the choice travels in the
// JWT (`remember`), and every response that sets the session cookie is passed through here. When the
// token says not to remember, Expires and Max-Age are removed, which makes it a browser-session
// cookie; this covers the sign-in and every later renewal by /api/auth/session.
import { decode } from "next-auth/jwt";

type SetCookie = { raw: string; name: string; value: string; attributes: string[] };

function parseSetCookie(raw: string): SetCookie {
  const [pair, ...attributes] = raw.split(";");
  const eq = pair.indexOf("=");
  const name = (eq === -1 ? pair : pair.slice(0, eq)).trim();
  let value = eq === -1 ? "" : pair.slice(eq + 1).trim();
  try {
    value = decodeURIComponent(value);
  } catch {
    // keep the raw value
  }
  return { raw, name, value, attributes };
}

function isRemoval(cookie: SetCookie): boolean {
  if (cookie.value === "") return true;
  for (const attribute of cookie.attributes) {
    const [key, ...rest] = attribute.trim().split("=");
    const value = rest.join("=");
    if (/^max-age$/i.test(key) && Number(value) <= 0) return true;
    if (/^expires$/i.test(key) && Date.parse(value) <= Date.now()) return true;
  }
  return false;
}

function withoutExpiry(cookie: SetCookie): string {
  const [pair] = cookie.raw.split(";");
  const kept = cookie.attributes.filter((attribute) => !/^\s*(expires|max-age)\s*=/i.test(attribute));
  return [pair, ...kept].join(";");
}

/** The session token from the cookies set (whole, or reassembled from next-auth's numbered chunks). */
function tokenFrom(cookies: SetCookie[], cookieName: string): string | null {
  const whole = cookies.find((c) => c.name === cookieName);
  if (whole) return whole.value;
  const chunks = cookies
    .map((c) => ({ c, index: Number(c.name.slice(cookieName.length + 1)) }))
    .filter(({ index }) => Number.isInteger(index))
    .sort((a, b) => a.index - b.index);
  return chunks.length ? chunks.map(({ c }) => c.value).join("") : null;
}

/**
 * Returns `response` with its live session-token cookies turned into browser-session cookies when
 * the token they carry was issued without remember-me; otherwise returns `response` untouched.
 */
export async function applyRememberChoice(response: Response, options: { cookieName: string; secret: string }): Promise<Response> {
  const all = response.headers.getSetCookie().map(parseSetCookie);
  const isSession = (c: SetCookie) => c.name === options.cookieName || c.name.startsWith(`${options.cookieName}.`);
  const live = all.filter((c) => isSession(c) && !isRemoval(c));
  if (live.length === 0) return response;

  const token = tokenFrom(live, options.cookieName);
  const payload = token ? await decode({ token, secret: options.secret }).catch(() => null) : null;
  if (!payload || payload.remember !== false) return response;

  const headers = new Headers(response.headers);
  headers.delete("set-cookie");
  for (const cookie of all) headers.append("set-cookie", live.includes(cookie) ? withoutExpiry(cookie) : cookie.raw);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
