// How the sign-in attempt of the current request ended, handed from `authorize` (which may only say
// "no user") to the route wrapper, which turns it into the right message and status for the form.
import { AsyncLocalStorage } from "node:async_hooks";

export type SignInFailure = { kind: "invalid" } | { kind: "rate_limited"; retryAfterSeconds: number } | { kind: "unavailable" };

type Slot = { failure?: SignInFailure; signedIn?: string };

const holder = globalThis as unknown as { __fixwellSignInOutcome?: AsyncLocalStorage<Slot> };
const storage = (holder.__fixwellSignInOutcome ??= new AsyncLocalStorage<Slot>());

/** Runs `fn` with a fresh slot and returns its result together with the failure recorded, if any. */
export async function withSignInOutcome<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; failure?: SignInFailure; /** The email that signed in, if one did. */ signedIn?: string }> {
  const slot: Slot = {};
  const result = await storage.run(slot, fn);
  return { result, failure: slot.failure, signedIn: slot.signedIn };
}

export function recordSignInFailure(failure: SignInFailure): void {
  const slot = storage.getStore();
  if (slot) slot.failure = failure;
}

export function recordSignInSuccess(email: string): void {
  const slot = storage.getStore();
  if (slot) slot.signedIn = email;
}
