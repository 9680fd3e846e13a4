"use server";
// The sign-in, sign-up and sign-out forms' server actions. They work as plain form posts before (or
// without) JavaScript and as in-page submissions after. Next.js refuses an action whose Origin names
// another host; the limits of lib/auth/limits.ts apply inside attemptSignIn and registerUser. The state
// handed back keeps what was typed, except the password; its messages and redirects are in the
// language of the page that posted.
import { redirect } from "next/navigation";
import { ApiError } from "../api/errors";
import { localizedPath } from "../i18n/paths";
import { textOf } from "../validations/form-data";
import { fieldErrorsIn } from "../validations/messages";
import { actionLocale, actionMessages } from "../validations/page-locale";
import { signInSchema, signUpSchema } from "../validations/auth";
import { signInErrorKey, SIGN_IN_ERRORS } from "../i18n/sign-in-errors";
import { deviceToken, endSession, startSession } from "./session-cookie";
import { attemptSignIn, type SignInResult } from "./sign-in";
import { registerUser } from "./sign-up";
import { getDb } from "../db";
import { withNotice } from "../notices";
import { requireUser } from "./session";
import { endAllSessions } from "./sessions";
import { moveOn, requestIp, unexpectedFailure } from "./action-context";
import type { AuthFormState } from "./form-state";
import { findHandymanForUser } from "../handymen/queries";
import { isOperator } from "./roles";

/** Where a new or returning homeowner goes first. */
const AFTER_SIGN_IN = "/inputs";

const failureCodes: Record<Exclude<SignInResult["kind"], "ok">, string> = {
  invalid: SIGN_IN_ERRORS.credentials,
  rate_limited: SIGN_IN_ERRORS.rateLimited,
  unavailable: SIGN_IN_ERRORS.unavailable,
};

export async function signInAction(_previous: AuthFormState, form: FormData): Promise<AuthFormState> {
  const email = textOf(form, "email");
  const remember = form.get("remember") === "on";
  const kept: AuthFormState = { email, remember, fieldErrors: {}, message: null };
  const locale = await actionLocale();
  const parsed = signInSchema.safeParse({ email, password: textOf(form, "password"), remember });
  if (!parsed.success) return { ...kept, fieldErrors: await fieldErrorsIn(parsed.error.issues, locale) };

  const result = await attemptSignIn(parsed.data, { ip: await requestIp(), deviceToken: await deviceToken() });
  if (result.kind !== "ok") {
    const t = await actionMessages(locale, "auth");
    return { ...kept, message: t(`errors.${signInErrorKey(failureCodes[result.kind])}`) };
  }
  await startSession(result.user, result.remember);
  // An operator's work starts in the console, a handyman's on their own page.
  if (await isOperator(result.user)) return moveOn(form, kept, localizedPath(locale, "/ops"));
  return moveOn(form, kept, localizedPath(locale, (await findHandymanForUser(result.user)) ? "/pro" : AFTER_SIGN_IN));
}

export async function signUpAction(_previous: AuthFormState, form: FormData): Promise<AuthFormState> {
  const email = textOf(form, "email");
  const remember = form.get("remember") === "on";
  const kept: AuthFormState = { email, remember, fieldErrors: {}, message: null };
  const locale = await actionLocale();
  const parsed = signUpSchema.safeParse({ email, password: textOf(form, "password") });
  if (!parsed.success) return { ...kept, fieldErrors: await fieldErrorsIn(parsed.error.issues, locale) };

  let user: { id: string; email: string };
  try {
    // The account keeps the language it was made in, for the mail it is sent.
    user = await registerUser(parsed.data, { ip: await requestIp(), locale });
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.code === "conflict") return { ...kept, message: error.messageIn(locale), signInLink: true };
      if (error.issues?.length) return { ...kept, fieldErrors: await fieldErrorsIn(error.issues, locale) };
      return { ...kept, message: error.messageIn(locale) };
    }
    const t = await actionMessages(locale, "auth");
    return { ...kept, message: unexpectedFailure("sign-up", error, t("errors.signUpFailed")) };
  }
  await startSession(user, remember);
  return moveOn(form, kept, localizedPath(locale, AFTER_SIGN_IN));
}

export async function signOutAction(): Promise<void> {
  await endSession();
  redirect(localizedPath(await actionLocale(), "/"));
}

/** Ends every session of the account, on every device (copied cookies included), this one too. */
export async function signOutEverywhereAction(): Promise<void> {
  const user = await requireUser();
  const db = await getDb();
  await db.$transaction((tx) => endAllSessions(tx, user.id));
  await endSession();
  redirect(withNotice(localizedPath(await actionLocale(), "/login"), "signed-out-everywhere"));
}
