// What server actions hand back to the forms that read them with useActionState: every state has a
// message per field and one message for the whole form, and may name the page the in-page form goes to
// next. Passwords are never in a state. Client components import the empty states from here.
import type { FieldErrors } from "../validations/field-errors";

export type FormState = {
  fieldErrors: FieldErrors;
  message: string | null;
  /** Done: where the in-page form goes next. */
  next?: string;
};

/** Sign-in and sign-up keep the typed email and remember-me choice (never the password). */
export type AuthFormState = FormState & {
  email: string;
  remember: boolean;
  /** The message is about an existing account: the form offers the way to sign in. */
  signInLink?: boolean;
};

export const EMPTY_AUTH_FORM: AuthFormState = { email: "", remember: false, fieldErrors: {}, message: null };

/**
 * The account's other forms (forgotten password, new password, set password, change of password,
 * deletion, "send again"): a refusal, or a notice of what was done.
 */
export type AccountFormState = FormState & {
  notice?: string | null;
  /** The forgotten-password form keeps the typed email. */
  email?: string;
};

export const EMPTY_ACCOUNT_FORM: AccountFormState = { fieldErrors: {}, message: null };

/** The set-password form (/set-password?token=…) answers like the account's other forms. */
export type SetPasswordFormState = AccountFormState;
export const EMPTY_SET_PASSWORD_FORM: SetPasswordFormState = EMPTY_ACCOUNT_FORM;
