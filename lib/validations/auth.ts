// The account forms' payloads (sign-up, sign-in, forgotten and new passwords, change of password,
// deletion), shared by the forms (instant feedback) and the server (the check that counts). Emails
// are trimmed and lower-cased here, so every later step sees one spelling.
import { z } from "zod";
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./limits";

export { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/** Characters as a person counts them (an emoji is one), not UTF-16 code units. */
export function characterCount(value: string): number {
  return Array.from(value).length;
}

// Deliberately ASCII: the users table and the display-name rule assume one unambiguous lower-case
// spelling per address, which internationalised addresses do not give.
const MAILABLE = z.email();
const EMAIL_PATTERN = /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** What is wrong with an (already trimmed, lower-cased) email address, or null. */
function emailProblem(email: string): string | null {
  if (email === "") return "Enter your email address.";
  if (email.length > EMAIL_MAX_LENGTH) return `An email address can be at most ${EMAIL_MAX_LENGTH} characters long.`;
  if (!email.includes("@")) return "An email address needs an @, like name@example.com.";
  if (/[^\x20-\x7e]/.test(email)) {
    return "Use an email address written with the letters a–z, digits and . _ + -; accented and non-Latin letters are not supported.";
  }
  const [local] = email.split("@");
  if (!EMAIL_PATTERN.test(email) || local.length > 64 || local.startsWith(".") || local.endsWith(".") || local.includes("..")) {
    return "Enter a valid email address, like name@example.com.";
  }
  // An address the mail outbox would refuse to send to (lib/mail/messages.ts checks with z.email()) is
  // refused here already, so no form can make an account its mail cannot reach.
  if (!MAILABLE.safeParse(email).success) return "Enter a valid email address, like name@example.com.";
  // .invalid never receives mail (RFC 2606); deleted accounts kept for a handyman's records are renamed
  // into it (lib/account/delete.ts), so no form can reach them.
  if (email.endsWith(".invalid")) return "Enter a valid email address, like name@example.com.";
  return null;
}

/** What is wrong with a new password's length, or null. The common-password check runs on the server. */
export function passwordLengthProblem(password: string): string | null {
  if (password === "") return "Enter a password.";
  const length = characterCount(password);
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters for your password.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters for your password.`;
  return null;
}

const requiredString = (message: string) => z.string({ error: message });

export const emailSchema = requiredString("Enter your email address.")
  .trim()
  .toLowerCase()
  .superRefine((email, ctx) => {
    const problem = emailProblem(email);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const newPasswordSchema = requiredString("Enter a password.").superRefine((password, ctx) => {
  const problem = passwordLengthProblem(password);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** A form checkbox arrives as "on"/"true" when ticked; anything else means not ticked. */
const rememberSchema = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "true" || value === "on");

/** POST /api/signup */
export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** A password the account already has (signing in, confirming a change): only the upper length bound applies. */
function existingPasswordSchema(missing: string) {
  return requiredString(missing).superRefine((password, ctx) => {
    if (password === "") ctx.addIssue({ code: "custom", message: missing });
    else if (characterCount(password) > PASSWORD_MAX_LENGTH) {
      ctx.addIssue({ code: "custom", message: `Passwords on this site are at most ${PASSWORD_MAX_LENGTH} characters long.` });
    }
  });
}

/** The credentials the sign-in form sends to next-auth. */
export const signInSchema = z.object({
  email: emailSchema,
  password: existingPasswordSchema("Enter your password."),
  remember: rememberSchema,
});

/** /forgot-password */
export const forgotPasswordSchema = signUpSchema.pick({ email: true });

/** /reset-password and /set-password: the link's token travels in a hidden field. */
export const newPasswordFormSchema = z.object({
  token: z.string({ error: "This link is not valid." }),
  password: newPasswordSchema,
});

/** "Change password" on /account. */
export const changePasswordSchema = z.object({
  currentPassword: existingPasswordSchema("Enter your current password."),
  newPassword: newPasswordSchema,
});

/** "Delete my account" on /account: the password confirms it. */
export const deleteAccountSchema = z.object({
  password: existingPasswordSchema("Enter your password to confirm."),
});
