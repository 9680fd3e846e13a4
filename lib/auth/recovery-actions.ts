"use server";
// The forgotten-password and reset-password forms' server actions. Like sign-in and sign-up they work
// as plain form posts and as in-page submissions; the state handed back never holds a password or the
// link's token. Messages and redirects are in the language of the page that posted.
import { redirect } from "next/navigation";
import { localizedPath } from "../i18n/paths";
import { textOf } from "../validations/form-data";
import { fieldErrorsIn } from "../validations/messages";
import { actionLocale, actionMessages } from "../validations/page-locale";
import { forgotPasswordSchema, newPasswordFormSchema } from "../validations/auth";
import { requestIp, unexpectedFailure } from "./action-context";
import type { AccountFormState } from "./form-state";
import { waitMinutes } from "../i18n/sign-in-errors";
import { withNotice } from "../notices";
import { requestPasswordReset, resetPasswordWithLink } from "./password-reset";
import { startSession } from "./session-cookie";

export async function forgotPasswordAction(_previous: AccountFormState, form: FormData): Promise<AccountFormState> {
  const email = textOf(form, "email");
  const kept: AccountFormState = { email, fieldErrors: {}, message: null };
  const locale = await actionLocale();
  const parsed = forgotPasswordSchema.safeParse({ email });
  if (!parsed.success) return { ...kept, fieldErrors: await fieldErrorsIn(parsed.error.issues, locale) };
  const t = await actionMessages(locale, "auth");
  try {
    const outcome = await requestPasswordReset(parsed.data.email, { ip: await requestIp() });
    if (outcome.kind === "rate_limited") {
      return { ...kept, message: t("errors.resetRateLimited", { minutes: waitMinutes(outcome.retryAfterSeconds) }) };
    }
  } catch (error) {
    return { ...kept, message: unexpectedFailure("asking for a reset link", error, t("errors.unexpected")) };
  }
  return { ...kept, notice: t("errors.resetLinkSent") };
}

/** The new password from a reset link: this browser is signed in, every other session of the account ends. */
export async function resetPasswordAction(_previous: AccountFormState, form: FormData): Promise<AccountFormState> {
  const kept: AccountFormState = { fieldErrors: {}, message: null };
  const locale = await actionLocale();
  const parsed = newPasswordFormSchema.safeParse({ token: textOf(form, "token"), password: textOf(form, "password") });
  if (!parsed.success) return { ...kept, fieldErrors: await fieldErrorsIn(parsed.error.issues, locale) };
  const t = await actionMessages(locale, "auth");
  try {
    const outcome = await resetPasswordWithLink(parsed.data.token, parsed.data.password);
    if (outcome.kind === "dead_link") return { ...kept, message: t("errors.deadResetLink") };
    if (outcome.kind === "refused") return { ...kept, fieldErrors: await fieldErrorsIn([{ path: "password", message: outcome.message }], locale) };
    await startSession(outcome.account, false);
  } catch (error) {
    return { ...kept, message: unexpectedFailure("resetting a password", error, t("errors.unexpected")) };
  }
  // A redirect also for the in-page form: signed in now, this page (for signed-out visitors) would send
  // the browser to /inputs the moment Next.js renders it again.
  redirect(withNotice(localizedPath(locale, "/account"), "password-reset"));
}
