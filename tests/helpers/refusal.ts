// What a domain function refused with: its ApiError's code and the key of its message (or the path of its
// first issue), for tests that call the library directly rather than through a route.
import { ApiError } from "../../lib/api/errors";

async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

/** `{ code, key }` of the ApiError `promise` rejects with; fails the test when it resolves or throws anything else. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; key: string | undefined }> {
  const error = await apiErrorOf(promise);
  return { code: error.code, key: error.text?.key };
}

/** `{ code, path }` of the ApiError `promise` rejects with (the first issue's path). */
export async function refusalAt(promise: Promise<unknown>): Promise<{ code: string; path: unknown }> {
  const error = await apiErrorOf(promise);
  return { code: error.code, path: error.issues?.[0]?.path };
}
