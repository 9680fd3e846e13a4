// What the account forms' server actions share: the client's address for the limits, the way on once a
// form is done (a redirect for a post made without JavaScript, a `next` in the state for the in-page
// form, which moves on by itself), and the one answer to a failure that is not the person's input.
import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { describeDatabaseError, isDatabaseUnavailable } from "../db/errors";
import { env } from "../env";
import { clientIp } from "../rate-limit/client-ip";
import { postedInPage } from "../validations/form-data";

export async function requestIp(): Promise<string | null> {
  return clientIp(await headers(), env().TRUSTED_IP_HEADER);
}

/** Answers a finished form: `state` with `next` to the in-page form, a redirect to `next` otherwise. */
export function moveOn<S extends { next?: string }>(form: FormData, state: S, next: string): S {
  if (postedInPage(form)) return { ...state, next };
  redirect(next);
}

/**
 * For an action that failed on something other than the person's input (the database unreachable, a
 * bug): logs what failed without any form value, and returns the message the form shows.
 */
export function unexpectedFailure(what: string, error: unknown, message = "That did not work just now. Please try again in a moment."): string {
  const reason = isDatabaseUnavailable(error) ? "database unavailable" : "unexpected error";
  console.error(`[auth] ${what} failed (${reason}): ${describeDatabaseError(error)}`);
  return message;
}
