"use server";
// The /account page's forms: change password, delete the account, send the verification link again.
// Each asks for the signed-in user itself (a signed-out post is sent to the home page); the state handed
// back never holds a password; its messages and redirects are in the language of the page that posted.
import { redirect } from "next/navigation";
import { localizedPath } from "../i18n/paths";
import { fieldErrorsIn } from "../validations/messages";
import { actionLocale, actionMessages } from "../validations/page-locale";
import { requireUser } from "../auth/session";
import { endSession, sessionIsRemembered, startSession } from "../auth/session-cookie";
import { unexpectedFailure } from "../auth/action-context";
import type { AccountFormState } from "../auth/form-state";
import { waitMinutes } from "../i18n/sign-in-errors";
import { withNotice } from "../notices";
import { changePassword } from "../auth/password-change";
import { resendVerificationMail, VERIFICATION_VALID_DAYS } from "../auth/email-verification";
import { textOf } from "../validations/form-data";
import { changePasswordSchema, deleteAccountSchema } from "../validations/auth";
import { deleteAccount } from "./delete";

const EMPTY: AccountFormState = { fieldErrors: {}, message: null };

/** The page's language and the `account` catalogue's messages in it. */
async function answers() {
  const locale = await actionLocale();
  return { locale, t: await actionMessages(locale, "account"), common: await actionMessages(locale, "auth") };
}

export async function changePasswordAction(_previous: AccountFormState, form: FormData): Promise<AccountFormState> {
  const user = await requireUser();
  const { locale, t, common } = await answers();
  const parsed = changePasswordSchema.safeParse({ currentPassword: textOf(form, "currentPassword"), newPassword: textOf(form, "newPassword") });
  if (!parsed.success) return { ...EMPTY, fieldErrors: await fieldErrorsIn(parsed.error.issues, locale) };
  try {
    const outcome = await changePassword(user.id, parsed.data);
    if (outcome.kind === "wrong_current") return { ...EMPTY, fieldErrors: { currentPassword: t("messages.wrongCurrent") } };
    if (outcome.kind === "rate_limited") return { ...EMPTY, message: t("messages.tooManyTries", { minutes: waitMinutes(outcome.retryAfterSeconds) }) };
    if (outcome.kind === "refused") return { ...EMPTY, fieldErrors: await fieldErrorsIn([{ path: "newPassword", message: outcome.message }], locale) };
    // Every session of the account ended with the change; this browser gets a new one.
    await startSession(outcome.account, await sessionIsRemembered());
  } catch (error) {
    return { ...EMPTY, message: unexpectedFailure("changing a password", error, common("errors.unexpected")) };
  }
  return { ...EMPTY, notice: t("messages.passwordChanged") };
}

export async function deleteAccountAction(_previous: AccountFormState, form: FormData): Promise<AccountFormState> {
  const user = await requireUser();
  const { locale, t, common } = await answers();
  const parsed = deleteAccountSchema.safeParse({ password: textOf(form, "password") });
  if (!parsed.success) return { ...EMPTY, fieldErrors: await fieldErrorsIn(parsed.error.issues, locale) };
  try {
    const outcome = await deleteAccount(user.id, parsed.data.password);
    if (outcome.kind === "wrong_password") return { ...EMPTY, fieldErrors: { password: t("messages.wrongPassword") } };
    if (outcome.kind === "rate_limited") return { ...EMPTY, message: t("messages.tooManyTries", { minutes: waitMinutes(outcome.retryAfterSeconds) }) };
    await endSession();
  } catch (error) {
    return { ...EMPTY, message: unexpectedFailure("deleting an account", error, common("errors.unexpected")) };
  }
  // A redirect also for the in-page form: with the session gone, the account page itself would send the
  // browser home (without the notice) the moment Next.js renders it again.
  redirect(withNotice(localizedPath(locale, "/"), "account-deleted"));
}

export async function resendVerificationAction(): Promise<AccountFormState> {
  const user = await requireUser();
  const { t, common } = await answers();
  try {
    const outcome = await resendVerificationMail(user.id);
    if (outcome.kind === "already_verified") return { ...EMPTY, notice: t("messages.alreadyVerified") };
    if (outcome.kind === "rate_limited") {
      return { ...EMPTY, message: t("messages.resendRateLimited", { minutes: waitMinutes(outcome.retryAfterSeconds) }) };
    }
    return { ...EMPTY, notice: t("messages.resent", { email: outcome.email, days: VERIFICATION_VALID_DAYS }) };
  } catch (error) {
    return { ...EMPTY, message: unexpectedFailure("sending a verification link", error, common("errors.unexpected")) };
  }
}
