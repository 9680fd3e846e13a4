// What the set-password action hands back to its form.
import type { FieldErrors } from "../validations/field-errors";

export type SetPasswordFormState = {
  fieldErrors: FieldErrors;
  message: string | null;
  /** Set: where the in-page form goes next (the sign-in page). */
  next?: string;
};

export const EMPTY_SET_PASSWORD_FORM: SetPasswordFormState = { fieldErrors: {}, message: null };
