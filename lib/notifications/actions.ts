"use server";
// The notification choices' form on /account: a plain form post (it works without JavaScript), answered
// with a redirect back to the choices and a notice. Every kind the form names must exist, else nothing is stored.
import { redirect } from "next/navigation";
import { requireUser } from "../auth/current-user";
import { pageLocale } from "../i18n/page-locale";
import { localizedPath } from "../i18n/paths";
import { withNotice } from "../notices";
import { notificationPreferencesSchema } from "../validations/notifications";
import { setPreferences } from "./preferences";

const strings = (form: FormData, name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");

/** The form's fields as the API's payload: `kind` names each kind shown, `mail` and `push` the boxes ticked. */
export async function preferencesFromForm(form: FormData) {
  const shown = strings(form, "kind");
  const mail = strings(form, "mail");
  const push = strings(form, "push");
  const kinds = [...new Set([...shown, ...mail, ...push])];
  return notificationPreferencesSchema.safeParse({ preferences: kinds.map((kind) => ({ kind, mail: mail.includes(kind), push: push.includes(kind) })) });
}

export async function saveNotificationChoicesAction(form: FormData): Promise<void> {
  const user = await requireUser();
  const back = `${localizedPath(await pageLocale(), "/account")}`;
  const parsed = await preferencesFromForm(form);
  if (!parsed.success) redirect(`${withNotice(back, "notifications-refused")}#notifications`);
  await setPreferences(user.id, parsed.data.preferences);
  redirect(`${withNotice(back, "notifications-saved")}#notifications`);
}
