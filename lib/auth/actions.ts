"use server";
// The account forms' server actions: sign-in, sign-up and sign-out, a forgotten password and its reset
// link, and the first password of an invited account. They work as plain form posts before (or without)
// JavaScript and as in-page submissions after (lib/forms/action.ts runs those with a form state; the
// sign-out buttons have none). Next.js refuses an action
// whose Origin names another host; the limits of lib/auth/limits.ts apply inside attemptSignIn,
// registerUser and requestPasswordReset. The state handed back keeps what was typed, except passwords
// and link tokens; its messages and redirects are in the language of the page that posted.
import { redirect } from "next/navigation";
import { z } from "zod";
import { ApiError } from "../api/errors";
import { getDb } from "../db";
import { formAction, requestIp, type FailureContext } from "../forms/action";
import type { AccountFormState, AuthFormState, SetPasswordFormState } from "../forms/state";
import { findHandymanForUser } from "../handymen/queries";
import { pageLocale } from "../i18n/page-locale";
import { localizedPath } from "../i18n/paths";
import { textOf } from "../validations/form-data";
import { fieldErrorsIn } from "../validations/messages";
import { forgotPasswordSchema, newPasswordFormSchema, newPasswordSchema, signInSchema, signUpSchema } from "../validations/auth";
import { requireUser, roleOf } from "./current-user";
import { signInErrorKey, SIGN_IN_ERRORS, waitMinutes } from "../i18n/sign-in-errors";
import { withNotice } from "../notices";
import { requestPasswordReset, resetPasswordWithLink, setPasswordWithLink } from "./passwords";
import { deviceToken, endAllSessions, endSession, startSession } from "./sessions";
import { attemptSignIn, registerUser, type SignInResult } from "./sign-in";

/** Where a new or returning homeowner goes first. */
const AFTER_SIGN_IN = "/inputs";

const failureCodes: Record<Exclude<SignInResult["kind"], "ok">, string> = {
  invalid: SIGN_IN_ERRORS.credentials,
  rate_limited: SIGN_IN_ERRORS.rateLimited,
  unavailable: SIGN_IN_ERRORS.unavailable,
};

/** What the sign-in and sign-up forms keep of a post: the email and the remember-me choice. */
function keptCredentials(form: FormData): AuthFormState {
  return { email: textOf(form, "email"), remember: form.get("remember") === "on", fieldErrors: {}, message: null };
}

/** The account forms' answer to a failure that is not the person's input. */
const unexpected =
  (key = "errors.unexpected") =>
  async ({ messages }: FailureContext) =>
    (await messages("auth"))(key);

export const signInAction = formAction.action(
  {
    name: "sign-in",
    area: "auth",
    keep: keptCredentials,
    schema: signInSchema,
    input: (form) => ({ email: textOf(form, "email"), password: textOf(form, "password"), remember: form.get("remember") === "on" }),
    failure: unexpected(),
  },
  async ({ locale, kept, input, messages, moveOn }) => {
    const result = await attemptSignIn(input, { ip: await requestIp(), deviceToken: await deviceToken() });
    if (result.kind !== "ok") return { ...kept, message: (await messages("auth"))(`errors.${signInErrorKey(failureCodes[result.kind])}`) };
    await startSession(result.user, result.remember);
    // An operator's work starts in the console, a handyman's (and an applicant's) on their own page.
    const role = await roleOf(result.user);
    if (role === "operator") return moveOn(localizedPath(locale, "/ops"));
    return moveOn(localizedPath(locale, role === "applicant" || (await findHandymanForUser(result.user)) ? "/pro" : AFTER_SIGN_IN));
  },
);

export const signUpAction = formAction.action(
  {
    name: "sign-up",
    area: "auth",
    keep: keptCredentials,
    schema: signUpSchema,
    input: (form) => ({ email: textOf(form, "email"), password: textOf(form, "password") }),
    failure: unexpected("errors.signUpFailed"),
  },
  async ({ locale, kept, input, moveOn }) => {
    let user: { id: string; email: string };
    try {
      // The account keeps the language it was made in, for the mail it is sent.
      user = await registerUser(input, { ip: await requestIp(), locale });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === "conflict") return { ...kept, message: error.messageIn(locale), signInLink: true };
      if (error.issues?.length) return { ...kept, fieldErrors: await fieldErrorsIn(error.issues, locale) };
      return { ...kept, message: error.messageIn(locale) };
    }
    await startSession(user, kept.remember);
    return moveOn(localizedPath(locale, AFTER_SIGN_IN));
  },
);

export async function signOutAction(): Promise<void> {
  await endSession();
  redirect(localizedPath(await pageLocale(), "/"));
}

/** Ends every session of the account, on every device (copied cookies included), this one too. */
export async function signOutEverywhereAction(): Promise<void> {
  const user = await requireUser();
  const db = await getDb();
  await db.$transaction((tx) => endAllSessions(tx, user.id));
  await endSession();
  redirect(withNotice(localizedPath(await pageLocale(), "/login"), "signed-out-everywhere"));
}

export const forgotPasswordAction = formAction.action(
  {
    name: "asking for a reset link",
    area: "auth",
    keep: (form): AccountFormState => ({ email: textOf(form, "email"), fieldErrors: {}, message: null }),
    schema: forgotPasswordSchema,
    input: (form) => ({ email: textOf(form, "email") }),
    failure: unexpected(),
  },
  async ({ kept, input, messages }) => {
    const t = await messages("auth");
    const outcome = await requestPasswordReset(input.email, { ip: await requestIp() });
    if (outcome.kind === "rate_limited") return { ...kept, message: t("errors.resetRateLimited", { minutes: waitMinutes(outcome.retryAfterSeconds) }) };
    return { ...kept, notice: t("errors.resetLinkSent") };
  },
);

/** The new password from a reset link: this browser is signed in, every other session of the account ends. */
export const resetPasswordAction = formAction.action<AccountFormState, z.infer<typeof newPasswordFormSchema>>(
  {
    name: "resetting a password",
    area: "auth",
    schema: newPasswordFormSchema,
    input: (form) => ({ token: textOf(form, "token"), password: textOf(form, "password") }),
    failure: unexpected(),
  },
  async ({ locale, kept, input, messages, redirect }) => {
    const outcome = await resetPasswordWithLink(input.token, input.password);
    if (outcome.kind === "dead_link") return { ...kept, message: (await messages("auth"))("errors.deadResetLink") };
    if (outcome.kind === "refused") return { ...kept, fieldErrors: await fieldErrorsIn([{ path: "password", message: outcome.message }], locale) };
    await startSession(outcome.account, false);
    // A redirect also for the in-page form: signed in now, this page (for signed-out visitors) would send
    // the browser to /inputs the moment Next.js renders it again.
    return redirect(withNotice(localizedPath(locale, "/account"), "password-reset"));
  },
);

/**
 * The set-password form's action (/set-password?token=…): the password policy of sign-up, the link
 * spent once, nothing signed in. Without JavaScript the answer is the sign-in page with a notice; the
 * in-page form is told where to go.
 */
export const setPasswordAction = formAction.action<SetPasswordFormState, { password: string }>(
  {
    name: "setting a password",
    area: "auth",
    schema: z.object({ password: newPasswordSchema }),
    input: (form) => ({ password: textOf(form, "password") }),
    failure: unexpected("errors.setPasswordFailed"),
  },
  async ({ form, locale, kept, input, messages, moveOn }) => {
    const outcome = await setPasswordWithLink(textOf(form, "token"), input.password);
    if (outcome.kind === "dead_link") return { ...kept, message: (await messages("auth"))("errors.invalidSetPasswordLink") };
    if (outcome.kind === "refused") return { ...kept, fieldErrors: await fieldErrorsIn([{ path: "password", message: outcome.message }], locale) };
    return moveOn(withNotice(localizedPath(locale, "/login"), "password-set"));
  },
);
