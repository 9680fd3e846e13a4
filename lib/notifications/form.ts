// The /account choices' form read as the API's payload (lib/validations/notifications.ts): `kind` names each
// kind the form shows, `mail` and `push` the boxes ticked. A name that is no kind fails the whole form.
import { notificationPreferencesSchema } from "../validations/notifications";

const strings = (form: FormData, name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");

export function preferencesFromForm(form: FormData) {
  const mail = strings(form, "mail");
  const push = strings(form, "push");
  const kinds = [...new Set([...strings(form, "kind"), ...mail, ...push])];
  return notificationPreferencesSchema.safeParse({ preferences: kinds.map((kind) => ({ kind, mail: mail.includes(kind), push: push.includes(kind) })) });
}
