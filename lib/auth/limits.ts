// Brute-force limits on signing in and signing up. Attempts are counted before any password is
// hashed; a successful sign-in gives its attempt back, so only failures use up the allowance.
import "server-only";
import { createLimiter, type LimitStore, type Limiter, type LimitSpec } from "../rate-limit";

const FIFTEEN_MINUTES = 15 * 60;

export const SIGN_IN_PER_ACCOUNT_AND_IP: LimitSpec = { name: "signin_account", points: 10, durationSeconds: FIFTEEN_MINUTES };
export const SIGN_IN_PER_IP: LimitSpec = { name: "signin_ip", points: 100, durationSeconds: FIFTEEN_MINUTES };
export const SIGN_UP_PER_IP: LimitSpec = { name: "signup_ip", points: 10, durationSeconds: FIFTEEN_MINUTES };

export type AuthLimiters = { signInPerAccount: Limiter; signInPerIp: Limiter; signUpPerIp: Limiter };

export function createAuthLimiters(store?: LimitStore): AuthLimiters {
  return {
    signInPerAccount: createLimiter(SIGN_IN_PER_ACCOUNT_AND_IP, store),
    signInPerIp: createLimiter(SIGN_IN_PER_IP, store),
    signUpPerIp: createLimiter(SIGN_UP_PER_IP, store),
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
  | { allowed: true; /** Call once the password proved right. */ succeeded(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one sign-in attempt for the account (per client address when known) and for the address.
 * Without a known address only the per-account count applies (see lib/rate-limit/client-ip.ts).
 */
export async function reserveSignInAttempt(limiters: AuthLimiters, email: string, ip: string | null): Promise<AttemptReservation> {
  const accountKey = `${email}|${ip ?? "unknown"}`;
  const counted: [Limiter, string][] = [[limiters.signInPerAccount, accountKey]];
  if (ip) counted.push([limiters.signInPerIp, ip]);
  const decisions = await Promise.all(counted.map(([limiter, key]) => limiter.consume(key)));
  const refused = decisions.filter((d) => !d.allowed);
  if (refused.length > 0) {
    return { allowed: false, retryAfterSeconds: Math.max(...refused.map((d) => (d.allowed ? 0 : d.retryAfterSeconds))) };
  }
  return {
    allowed: true,
    async succeeded() {
      await Promise.all(counted.map(([limiter, key]) => limiter.refund(key)));
    },
  };
}

/** Counts one sign-up attempt for the client address; unlimited when the address is unknown. */
export async function reserveSignUpAttempt(limiters: AuthLimiters, ip: string | null) {
  if (!ip) return { allowed: true } as const;
  return limiters.signUpPerIp.consume(ip);
}
