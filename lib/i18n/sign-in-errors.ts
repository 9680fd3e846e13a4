// The `error` codes the sign-in page can receive (from next-auth, or added by the sign-in route), the
// key of each one's message in the `auth` catalogue (auth.errors.…), and how long a rate-limited person
// waits. Shared by the server pages and the client forms.

export const SIGN_IN_ERRORS = {
  credentials: "CredentialsSignin",
  rateLimited: "RateLimited",
  unavailable: "Unavailable",
  csrf: "FormExpired",
} as const;

/** One message for a wrong email and a wrong password alike, so it never tells which emails exist. */
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

/** How many whole minutes a rate-limited person waits (rounded up, at least 1). */
export function waitMinutes(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}
