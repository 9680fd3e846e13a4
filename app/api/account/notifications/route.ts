// GET /api/account/notifications – the signed-in account's choices: mail and push per kind of event
// PUT /api/account/notifications – changes them: {"preferences": [{"kind", "mail", "push"}]}; an unknown kind is a 400, and nothing is stored
import { parseJson, withUser } from "@/lib/api/handler";
import { getPreferences, setPreferences } from "@/lib/notifications/preferences";
import { notificationPreferencesSchema } from "@/lib/validations/notifications";

export const GET = withUser(async ({ user }) => Response.json({ preferences: await getPreferences(user.id) }));

export const PUT = withUser(async ({ req, user }) => {
  const { preferences } = await parseJson(req, notificationPreferencesSchema);
  await setPreferences(user.id, preferences);
  return Response.json({ preferences: await getPreferences(user.id) });
});
