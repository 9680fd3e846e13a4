// Real signed-in users for handler tests: a row in the users table and a next-auth session cookie
// minted with the app's secret, exactly what the browser would send after signing in.
import { randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import { hashPassword } from "../../lib/auth/passwords";
import { openSession } from "../../lib/auth/sessions";
import { getDb } from "./db";

export const SESSION_COOKIE = "next-auth.session-token";

export type TestUser = { id: string; email: string; cookie: string };

function secret(): string {
  const value = process.env.NEXTAUTH_SECRET;
  if (!value) throw new Error("NEXTAUTH_SECRET is not set for the tests (tests/setup.ts sets one).");
  return value;
}

/** A session cookie for an existing user id and email: a session opened as signing in opens one. */
export async function sessionCookieFor(user: { id: string; email: string }): Promise<string> {
  const token = await encode({ token: await openSession(user, true), secret: secret() });
  return `${SESSION_COOKIE}=${token}`;
}

/** Creates a user (a unique email unless one is given) and returns it with its session cookie. */
export async function createSignedInUser(email = `user-${randomUUID()}@example.test`): Promise<TestUser> {
  const db = await getDb();
  const user = await db.user.create({
    data: { email: email.toLowerCase(), passwordHash: "not-a-real-hash: this user only signs in by cookie" },
    select: { id: true, email: true },
  });
  return { ...user, cookie: await sessionCookieFor(user) };
}

/** Creates a user who signs in with `password` (hashed as sign-up hashes it), with its session cookie. */
export async function createUserWithPassword(email: string, password: string): Promise<TestUser> {
  const db = await getDb();
  const user = await db.user.create({ data: { email, passwordHash: await hashPassword(password) }, select: { id: true, email: true } });
  return { ...user, cookie: await sessionCookieFor(user) };
}

type RequestOptions = {
  cookie?: string;
  /** A JSON-serialisable body, or a raw string sent as is. */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
};

/** A Request as the browser would send it to the app, signed in when `cookie` is given. */
export function apiRequest(method: string, path: string, options: RequestOptions = {}): Request {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers.set("content-type", options.contentType ?? "application/json");
  }
  return new Request(new URL(path, "http://localhost:3000"), { method, headers, body });
}

/** The second argument Next.js passes to a route handler. */
export function routeContext<P extends Record<string, string>>(params: P = {} as P): { params: Promise<P> } {
  return { params: Promise.resolve(params) };
}

/** Today's and nearby calendar days in Europe/Amsterdam, as YYYY-MM-DD. */
export function amsterdamDay(offsetDays = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Amsterdam",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
  const date = new Date(`${today}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}
