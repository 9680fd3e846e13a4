// What the sign-in page says for each `error` code it can receive (from next-auth, or added by
// lib/auth/route-handler.ts). Shared by the server page and the client form.

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
  [SIGN_IN_ERRORS.rateLimited]: "Too many failed sign-in attempts. Please wait 15 minutes, then try again.",
  [SIGN_IN_ERRORS.unavailable]: "Signing in is not possible right now. Please try again in a moment.",
  [SIGN_IN_ERRORS.csrf]: "The sign-in form had expired. Please try again.",
  SessionRequired: "Please sign in to continue.",
};

/** The message for an `error` code, a general one for codes not listed, or null when there is none. */
export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return messages[code] ?? "Signing in did not work. Please try again.";
}
