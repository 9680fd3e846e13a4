"use server";
// The set-password form's server action (/set-password?token=…): the password policy of sign-up, the
// link spent once, nothing signed in. Without JavaScript the answer is the sign-in page with a notice;
// the in-page form is told where to go. Messages and the way on are in the language of the page.
import { redirect } from "next/navigation";
import { ApiError } from "../api/errors";
import { describeDatabaseError, isDatabaseUnavailable } from "../db/errors";
import { localizedPath } from "../i18n/paths";
import { postedInPage, textOf } from "../validations/form-data";
import { fieldErrorsIn } from "../validations/messages";
import { actionLocale, actionMessages } from "../validations/page-locale";
import { newPasswordSchema } from "../validations/auth";
import { withNotice } from "../notices";
import { INVALID_LINK_MESSAGE, setPasswordWithLink } from "./set-password";
import type { SetPasswordFormState } from "./set-password-form-state";

export async function setPasswordAction(_previous: SetPasswordFormState, form: FormData): Promise<SetPasswordFormState> {
  const locale = await actionLocale();
  const parsed = newPasswordSchema.safeParse(textOf(form, "password"));
  if (!parsed.success) return { fieldErrors: await fieldErrorsIn(parsed.error.issues.slice(0, 1).map((issue) => ({ ...issue, path: ["password"] })), locale), message: null };
  try {
    await setPasswordWithLink(textOf(form, "token"), parsed.data);
  } catch (error) {
    const t = await actionMessages(locale, "auth");
    if (error instanceof ApiError) {
      if (error.issues?.length) return { fieldErrors: await fieldErrorsIn(error.issues, locale), message: null };
      return { fieldErrors: {}, message: error.message === INVALID_LINK_MESSAGE ? t("errors.invalidSetPasswordLink") : error.message };
    }
    const reason = isDatabaseUnavailable(error) ? "database unavailable" : "unexpected error";
    console.error(`[auth] setting a password failed (${reason}): ${describeDatabaseError(error)}`);
    return { fieldErrors: {}, message: t("errors.setPasswordFailed") };
  }
  const next = withNotice(localizedPath(locale, "/login"), "password-set");
  if (postedInPage(form)) return { fieldErrors: {}, message: null, next };
  redirect(next);
}
