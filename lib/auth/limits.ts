// Brute-force limits on signing in and signing up, and on the account's other doors (reset links, "send
// again", the current password asked by "change password", "delete my account" and an operator's
// confirmation, each counted on its own). Attempts are counted before any password is hashed; a
// successful sign-in gives its attempts back, and so does one that could not be decided because the
// database or the limiter's store did not answer, so only wrong passwords use up the allowance.
//
// Guessing is limited three ways, none of which lets a stranger lock the owner out:
// - per account and client address (IPv6 per /64 and per /56): 10 failures in 15 minutes, then that
//   address waits; the owner elsewhere is unaffected;
// - per client address: 100 failures in 15 minutes across all accounts;
// - per account, from browsers the account has not signed in from before: a growing wait after the
//   tenth failure in an hour (2 s, 4 s, 8 s … at most 60 s between tries) and at most 100 failures an
//   hour (OWASP ASVS 2.2.1). A browser carrying the account's device cookie (lib/auth/cookies.ts)
//   is counted on its own instead, 10 failures in 15 minutes, so others' guesses never slow it down.
import "server-only";
import { createLimiter, type LimitDecision, type LimitStore, type Limiter, type LimitSpec } from "../rate-limit";
import { addressKeys } from "../rate-limit/client-ip";

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

export const SIGN_IN_PER_ACCOUNT_AND_IP: LimitSpec = { name: "signin_account", points: 10, durationSeconds: FIFTEEN_MINUTES };
export const SIGN_IN_PER_IP: LimitSpec = { name: "signin_ip", points: 100, durationSeconds: FIFTEEN_MINUTES };
export const SIGN_IN_PER_ACCOUNT: LimitSpec = { name: "signin_account_hour", points: 100, durationSeconds: ONE_HOUR };
const SIGN_IN_PER_KNOWN_DEVICE: LimitSpec = { name: "signin_device", points: 10, durationSeconds: FIFTEEN_MINUTES };
/** The growing wait between an account's failures once this many were counted in the hour. */
export const SLOWDOWN_AFTER_FAILURES = 10;
const MAX_SLOWDOWN_SECONDS = 60;
const SIGN_IN_SLOWDOWN: LimitSpec = { name: "signin_slowdown", points: 1, durationSeconds: MAX_SLOWDOWN_SECONDS };
export const SIGN_UP_PER_IP: LimitSpec = { name: "signup_ip", points: 10, durationSeconds: FIFTEEN_MINUTES };
/** Reset links mailed to one address, and asked for from one client address, per hour. */
const PASSWORD_RESET_PER_EMAIL: LimitSpec = { name: "reset_email", points: 5, durationSeconds: ONE_HOUR };
const PASSWORD_RESET_PER_IP: LimitSpec = { name: "reset_ip", points: 20, durationSeconds: ONE_HOUR };
/** "Send again" of the verification link, per account and hour. */
const VERIFICATION_RESEND_PER_ACCOUNT: LimitSpec = { name: "verify_resend", points: 3, durationSeconds: ONE_HOUR };
/**
 * Wrong current passwords typed by a signed-in browser, counted per account and per form ("change
 * password", "delete my account", an operator's confirmation): a stolen session must not become a way to
 * guess the password, and its guesses at one form must not lock the owner out of the others.
 */
const CURRENT_PASSWORD_PER_ACCOUNT: LimitSpec = { name: "current_password", points: 10, durationSeconds: FIFTEEN_MINUTES };

export type AuthLimiters = {
  signInPerAccount: Limiter;
  signInPerIp: Limiter;
  signInPerAccountHour: Limiter;
  signInPerKnownDevice: Limiter;
  signInSlowdown: Limiter;
  signUpPerIp: Limiter;
  passwordResetPerEmail: Limiter;
  passwordResetPerIp: Limiter;
  verificationResendPerAccount: Limiter;
  currentPasswordPerAccount: Limiter;
};

export function createAuthLimiters(store?: LimitStore): AuthLimiters {
  return {
    signInPerAccount: createLimiter(SIGN_IN_PER_ACCOUNT_AND_IP, store),
    signInPerIp: createLimiter(SIGN_IN_PER_IP, store),
    signInPerAccountHour: createLimiter(SIGN_IN_PER_ACCOUNT, store),
    signInPerKnownDevice: createLimiter(SIGN_IN_PER_KNOWN_DEVICE, store),
    signInSlowdown: createLimiter(SIGN_IN_SLOWDOWN, store),
    signUpPerIp: createLimiter(SIGN_UP_PER_IP, store),
    passwordResetPerEmail: createLimiter(PASSWORD_RESET_PER_EMAIL, store),
    passwordResetPerIp: createLimiter(PASSWORD_RESET_PER_IP, store),
    verificationResendPerAccount: createLimiter(VERIFICATION_RESEND_PER_ACCOUNT, store),
    currentPasswordPerAccount: createLimiter(CURRENT_PASSWORD_PER_ACCOUNT, store),
  };
}

// One set per process, kept on globalThis: route bundles may each load this module, and counters
// split between them would let every route allow its own ten attempts.
const holder = globalThis as unknown as { __fixwellAuthLimiters?: AuthLimiters };

export function authLimiters(): AuthLimiters {
  holder.__fixwellAuthLimiters ??= createAuthLimiters();
  return holder.__fixwellAuthLimiters;
}

export type AttemptReservation =
  | {
      allowed: true;
      /** Call once the password proved right. */
      succeeded(): Promise<void>;
      /** Call once the password proved wrong. */
      failed(): Promise<void>;
      /**
       * Call when the attempt could not be decided (the database or a store could not answer): its
       * counts are given back, so an outage never uses up anyone's allowance.
       */
      undecided(): Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number };

/** Seconds to wait after the `failures`-th failure of the hour from an unknown browser. */
export function slowdownSeconds(failures: number): number {
  if (failures <= SLOWDOWN_AFTER_FAILURES) return 0;
  return Math.min(2 ** (failures - SLOWDOWN_AFTER_FAILURES), MAX_SLOWDOWN_SECONDS);
}

export type SignInSource = {
  /** The client's address (lib/rate-limit/client-ip.ts), or null when no trusted proxy names it. */
  ip: string | null;
  /** The id of a valid device cookie for this account (lib/auth/cookies.ts), if the browser has one. */
  knownDevice?: string | null;
};

/** Counts one sign-in attempt for `email` from `source`, refusing it when a limit is reached. */
export async function reserveSignInAttempt(limiters: AuthLimiters, email: string, source: SignInSource): Promise<AttemptReservation> {
  const { ip, knownDevice } = source;
  const counted: [Limiter, string][] = [];
  for (const address of ip ? addressKeys(ip) : []) {
    counted.push([limiters.signInPerAccount, `${email}|${address}`], [limiters.signInPerIp, address]);
  }
  if (knownDevice) {
    counted.push([limiters.signInPerKnownDevice, `${email}|${knownDevice}`]);
  } else {
    const wait = await limiters.signInSlowdown.waitFor(email);
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
    counted.push([limiters.signInPerAccountHour, email]);
  }

  const settled = await Promise.allSettled(counted.map(([limiter, key]) => limiter.consume(key)));
  const giveBack = () => Promise.all(counted.map(([limiter, key], index) => (settled[index].status === "fulfilled" ? limiter.refund(key) : undefined)));
  const broken = settled.find((result) => result.status === "rejected");
  if (broken) {
    // A store that could not answer decides nothing: what the others counted is given back.
    await giveBack();
    throw broken.reason;
  }
  const decisions = settled.map((result) => (result as PromiseFulfilledResult<LimitDecision>).value);
  const refused = decisions.filter((d) => !d.allowed);
  if (refused.length > 0) {
    return { allowed: false, retryAfterSeconds: Math.max(...refused.map((d) => (d.allowed ? 0 : d.retryAfterSeconds))) };
  }
  const hour = knownDevice ? undefined : decisions.at(-1);
  const accountFailures = hour?.allowed ? hour.count : 0;
  return {
    allowed: true,
    async succeeded() {
      await giveBack();
    },
    async undecided() {
      await giveBack();
    },
    async failed() {
      const wait = slowdownSeconds(accountFailures);
      if (wait > 0) await limiters.signInSlowdown.hold(email, wait);
    },
  };
}

/**
 * Counts one sign-up attempt for the client address (an IPv6 client per /64 and per /56, as sign-in
 * counts it), refusing it when a limit is reached; unlimited when the address is unknown. Counted before
 * the address is looked up, so a refused attempt says nothing about whether an account exists.
 */
export async function reserveSignUpAttempt(limiters: AuthLimiters, ip: string | null): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  if (!ip) return { allowed: true };
  const decisions = await Promise.all(addressKeys(ip).map((key) => limiters.signUpPerIp.consume(key)));
  const refused = decisions.filter((decision) => !decision.allowed);
  if (refused.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((decision) => (decision.allowed ? 0 : decision.retryAfterSeconds))) };
}
