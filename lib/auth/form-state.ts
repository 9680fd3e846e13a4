// What the account forms' server actions hand back: sign-in and sign-up keep the typed email and
// remember-me choice (never the password), a message per field, and one message for the whole form.
import type { FieldErrors } from "../validations/field-errors";

export type AuthFormState = {
  email: string;
  remember: boolean;
  fieldErrors: FieldErrors;
  message: string | null;
  /** The message is about an existing account: the form offers the way to sign in. */
  signInLink?: boolean;
  /** Signed in: where the in-page form goes next. */
  next?: string;
};

export const EMPTY_AUTH_FORM: AuthFormState = { email: "", remember: false, fieldErrors: {}, message: null };

/**
 * What the account's other forms hand back (forgotten password, new password, change of password,
 * deletion, "send again"): a message per field, a refusal for the whole form, or a notice of what was
 * done. Passwords are never in it.
 */
export type AccountFormState = {
  fieldErrors: FieldErrors;
  message: string | null;
  notice?: string | null;
  /** The forgotten-password form keeps the typed email. */
  email?: string;
  /** Done: where the in-page form goes next. */
  next?: string;
};

export const EMPTY_ACCOUNT_FORM: AccountFormState = { fieldErrors: {}, message: null };
