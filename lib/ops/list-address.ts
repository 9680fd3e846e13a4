// Reading a console list's address (filters, ?cursor=, ?limit=): what the page can use, or why it cannot
// (the 400's message and the fields it names), so a bad value is explained on the page, never a 500.
import "server-only";
import { ApiError } from "../api/errors";
import { fieldErrorsOf, type FieldErrors } from "../validations/field-errors";

export type AddressRead<T> = { value: T; problem: null; errors: FieldErrors } | { value: undefined; problem: string; errors: FieldErrors };

/** Runs `read`; a 400 (bad request or failed validation) becomes the problem to show, anything else is thrown on. */
export async function readAddress<T>(read: () => T | Promise<T>): Promise<AddressRead<T>> {
  try {
    return { value: await read(), problem: null, errors: {} };
  } catch (error) {
    if (error instanceof ApiError && (error.code === "validation_failed" || error.code === "bad_request")) {
      return { value: undefined, problem: error.message, errors: fieldErrorsOf(error.issues ?? []) };
    }
    throw error;
  }
}
