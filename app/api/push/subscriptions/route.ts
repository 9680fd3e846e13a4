// POST /api/push/subscriptions – turns web push on for this device (the browser's PushSubscription as JSON)
// DELETE /api/push/subscriptions – turns it off: {"endpoint": …}; only the signed-in account's own devices
import { parseJson, withUser } from "@/lib/api/handler";
import { subscribeDevice, subscriptionSchema, unsubscribeDevice } from "@/lib/push/subscriptions";
import { pushUnsubscribeSchema } from "@/lib/validations/notifications";

export const POST = withUser(async ({ req, user }) => {
  const input = await parseJson(req, subscriptionSchema());
  const { created } = await subscribeDevice(user.id, input, req.headers.get("user-agent"));
  return Response.json({ subscribed: true }, { status: created ? 201 : 200 });
});

export const DELETE = withUser(async ({ req, user }) => {
  const { endpoint } = await parseJson(req, pushUnsubscribeSchema);
  await unsubscribeDevice(user.id, endpoint);
  return new Response(null, { status: 204 });
});
