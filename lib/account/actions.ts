"use server";
// The /account page's forms: change password, delete the account, send the verification link again.
// Each asks for the signed-in user itself (userAction: a signed-out post is sent to the home page); the
// state handed back never holds a password; its messages and redirects are in the language of the page
// that posted.
import { localizedPath } from "../i18n/paths";
import { fieldErrorsIn } from "../validations/messages";
import { userAction, type FailureContext } from "../forms/action";
import { EMPTY_ACCOUNT_FORM, type AccountFormState } from "../forms/state";
import { resendVerificationMail, VERIFICATION_VALID_DAYS } from "../auth/account-tokens";
import { waitMinutes } from "../i18n/sign-in-errors";
import { withNotice } from "../notices";
import { changePassword } from "../auth/passwords";
import { endSession, sessionIsRemembered, startSession } from "../auth/sessions";
import { textOf } from "../validations/form-data";
import { changePasswordSchema, deleteAccountSchema } from "../validations/auth";
import { deleteAccount } from "./delete";

const unexpected = async ({ messages }: FailureContext) => (await messages("auth"))("errors.unexpected");

export const changePasswordAction = userAction.action<AccountFormState, { currentPassword: string; newPassword: string }>(
  {
    name: "changing a password",
    area: "auth",
    schema: changePasswordSchema,
    input: (form) => ({ currentPassword: textOf(form, "currentPassword"), newPassword: textOf(form, "newPassword") }),
    failure: unexpected,
  },
  async ({ user, locale, kept, input, messages }) => {
    const t = await messages("account");
    const outcome = await changePassword(user.id, input);
    if (outcome.kind === "wrong_current") return { ...kept, fieldErrors: { currentPassword: t("messages.wrongCurrent") } };
    if (outcome.kind === "rate_limited") return { ...kept, message: t("messages.tooManyTries", { minutes: waitMinutes(outcome.retryAfterSeconds) }) };
    if (outcome.kind === "refused") return { ...kept, fieldErrors: await fieldErrorsIn([{ path: "newPassword", message: outcome.message }], locale) };
    // Every session of the account ended with the change; this browser gets a new one.
    await startSession(outcome.account, await sessionIsRemembered());
    return { ...kept, notice: t("messages.passwordChanged") };
  },
);

export const deleteAccountAction = userAction.action<AccountFormState, { password: string }>(
  {
    name: "deleting an account",
    area: "auth",
    schema: deleteAccountSchema,
    input: (form) => ({ password: textOf(form, "password") }),
    failure: unexpected,
  },
  async ({ user, locale, kept, input, messages, redirect }) => {
    const t = await messages("account");
    const outcome = await deleteAccount(user.id, input.password);
    if (outcome.kind === "wrong_password") return { ...kept, fieldErrors: { password: t("messages.wrongPassword") } };
    if (outcome.kind === "rate_limited") return { ...kept, message: t("messages.tooManyTries", { minutes: waitMinutes(outcome.retryAfterSeconds) }) };
    await endSession();
    // A redirect also for the in-page form: with the session gone, the account page itself would send the
    // browser home (without the notice) the moment Next.js renders it again.
    return redirect(withNotice(localizedPath(locale, "/"), "account-deleted"));
  },
);

const resendVerification = userAction.action<AccountFormState>(
  { name: "sending a verification link", area: "auth", failure: unexpected },
  async ({ user, kept, messages }) => {
    const t = await messages("account");
    const outcome = await resendVerificationMail(user.id);
    if (outcome.kind === "already_verified") return { ...kept, notice: t("messages.alreadyVerified") };
    if (outcome.kind === "rate_limited") return { ...kept, message: t("messages.resendRateLimited", { minutes: waitMinutes(outcome.retryAfterSeconds) }) };
    return { ...kept, notice: t("messages.resent", { email: outcome.email, days: VERIFICATION_VALID_DAYS }) };
  },
);

/** "Send again": a button, whose form posts nothing. */
export async function resendVerificationAction(previous: AccountFormState = EMPTY_ACCOUNT_FORM, form = new FormData()): Promise<AccountFormState> {
  return resendVerification(previous, form);
}
