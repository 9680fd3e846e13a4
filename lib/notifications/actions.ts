"use server";
// The notification choices' form on /account: a plain form post (it works without JavaScript), answered
// with a redirect back to the choices and a notice. Every kind the form names must exist, else nothing is stored.
import { redirect } from "next/navigation";
import { requireUser } from "../auth/current-user";
import { pageLocale } from "../i18n/page-locale";
import { localizedPath } from "../i18n/paths";
import { withNotice } from "../notices";
import { preferencesFromForm } from "./form";
import { setPreferences } from "./preferences";

export async function saveNotificationChoicesAction(form: FormData): Promise<void> {
  const user = await requireUser();
  const back = `${localizedPath(await pageLocale(), "/account")}`;
  const parsed = preferencesFromForm(form);
  if (!parsed.success) redirect(`${withNotice(back, "notifications-refused")}#notifications`);
  await setPreferences(user.id, parsed.data.preferences);
  redirect(`${withNotice(back, "notifications-saved")}#notifications`);
}
