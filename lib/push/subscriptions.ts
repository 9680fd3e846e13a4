// Each device's web-push subscription, per account (docs/notifications.md). The session decides whose it
// is; the endpoint is checked (./address.ts) before it is stored. An endpoint belongs to one account at a
// time: the same browser turned on by another person who signs in there moves to that person. At most
// MAX_DEVICES per account: the next is refused (409) until one is turned off.
import "server-only";
import { ApiError } from "../api/errors";
import { getDb } from "../db";
import { env } from "../env";
import { pushSubscriptionSchema, type PushSubscriptionInput } from "../validations/notifications";
import { pushIsOn } from "./vapid";

export const MAX_DEVICES = 100;

/** Whether a test's push service at 127.0.0.1 may be subscribed: in tests, or with PUSH_LOCAL_ENDPOINTS=on. */
export function localEndpointsAllowed(): boolean {
  const { NODE_ENV, PUSH_LOCAL_ENDPOINTS } = env();
  return NODE_ENV === "test" || PUSH_LOCAL_ENDPOINTS === "on";
}

/** The schema with this environment's rule for local endpoints. */
export function subscriptionSchema() {
  return pushSubscriptionSchema(localEndpointsAllowed());
}

/** "Chrome on Android", "Firefox on Windows": enough to tell one's devices apart, nothing more of the header. */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return "";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\//.test(userAgent)
      ? "Opera"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrome\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : "";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad|iPod/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return [browser, system].filter(Boolean).join(" / ");
}

export type SubscribeOutcome = { created: boolean; id: string };

/** Stores the device's subscription for `userId`; the same endpoint again updates its keys. */
export async function subscribeDevice(userId: string, input: PushSubscriptionInput, userAgent: string | null): Promise<SubscribeOutcome> {
  if (!pushIsOn()) throw new ApiError("conflict", { key: "push.off" });
  const db = await getDb();
  const label = deviceLabel(userAgent);
  return db.$transaction(async (tx) => {
    // One account's devices are counted and added one at a time: two at once cannot both be the 100th.
    await tx.$queryRaw`SELECT "id" FROM "users" WHERE "id" = ${userId}::uuid FOR UPDATE`;
    const existing = await tx.pushSubscription.findUnique({ where: { endpoint: input.endpoint }, select: { id: true, userId: true } });
    if (existing?.userId !== userId) {
      const count = await tx.pushSubscription.count({ where: { userId } });
      if (count >= MAX_DEVICES) throw new ApiError("conflict", { key: "push.tooManyDevices", values: { max: MAX_DEVICES } });
    }
    const data = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, label };
    if (existing) {
      await tx.pushSubscription.update({ where: { id: existing.id }, data });
      return { created: false, id: existing.id };
    }
    const created = await tx.pushSubscription.create({ data: { ...data, endpoint: input.endpoint }, select: { id: true } });
    return { created: true, id: created.id };
  });
}

/** Turns push off for one of the account's devices; another account's endpoint (or an unknown one) is a 404. */
export async function unsubscribeDevice(userId: string, endpoint: string): Promise<void> {
  const db = await getDb();
  const { count } = await db.pushSubscription.deleteMany({ where: { userId, endpoint } });
  if (count === 0) throw new ApiError("not_found", { key: "push.subscriptionNotFound" });
}

export { forgetDevices } from "./forget";

export type DeviceView = { label: string; createdAt: string; lastSuccessAt: string | null };

/** The account's devices with push on, newest first (at most MAX_DEVICES, so one page). */
export async function listDevices(userId: string): Promise<DeviceView[]> {
  const db = await getDb();
  const rows = await db.pushSubscription.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: MAX_DEVICES, select: { label: true, createdAt: true, lastSuccessAt: true } });
  return rows.map((row) => ({ label: row.label, createdAt: row.createdAt.toISOString(), lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null }));
}
