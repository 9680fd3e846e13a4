// What the sign-in page says for each `error` code it can receive (from next-auth, or added by
// lib/auth/route-handler.ts), and how long a rate-limited person waits. Shared by the server pages and
// the client forms.

export const SIGN_IN_ERRORS = {
  credentials: "CredentialsSignin",
  rateLimited: "RateLimited",
  unavailable: "Unavailable",
  csrf: "FormExpired",
} as const;

/** One message for a wrong email and a wrong password alike, so it never tells which emails exist. */
export const WRONG_CREDENTIALS_MESSAGE = "That email and password do not match an account. Check them and try again.";

const messages: Record<string, string> = {
  [SIGN_IN_ERRORS.credentials]: WRONG_CREDENTIALS_MESSAGE,
  [SIGN_IN_ERRORS.rateLimited]: "Too many failed sign-in attempts. Please wait a few minutes, then try again.",
  [SIGN_IN_ERRORS.unavailable]: "Signing in is not possible right now. Please try again in a moment.",
  [SIGN_IN_ERRORS.csrf]: "The sign-in form had expired. Please try again.",
  SessionRequired: "Please sign in to continue.",
};

/** The key in the `auth` catalogue's `errors` of each code's message (the English above, word for word). */
const messageKeys: Record<string, string> = {
  [SIGN_IN_ERRORS.credentials]: "wrongCredentials",
  [SIGN_IN_ERRORS.rateLimited]: "rateLimited",
  [SIGN_IN_ERRORS.unavailable]: "unavailable",
  [SIGN_IN_ERRORS.csrf]: "formExpired",
  SessionRequired: "sessionRequired",
};

/** The catalogue key (auth.errors.…) of an `error` code's message, a general one for codes not listed, or null. */
export function signInErrorKey(code: string | null | undefined): string | null {
  if (!code) return null;
  return messageKeys[code] ?? "signInFailed";
}

/** The message for an `error` code, a general one for codes not listed, or null when there is none. */
export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return messages[code] ?? "Signing in did not work. Please try again.";
}

/** How many whole minutes a rate-limited person waits (rounded up, at least 1). */
export function waitMinutes(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** The one answer of /forgot-password to every address, with or without an account. */
export const RESET_LINK_SENT =
  "If an account exists for that address, we sent a link to choose a new password. It works once, for 30 minutes.";

/** A reset link that is used, expired, forged or cut short: one message for all, with the way on. */
export const DEAD_RESET_LINK = "This link no longer works: it was used already, it expired, or it is not complete. Ask for a new one.";
