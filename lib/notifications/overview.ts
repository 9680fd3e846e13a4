// What /account shows of notifications: the kinds the account's role hears of, its choices, how many of
// its devices have push on, and the key a browser subscribes with (null when this site sends no pushes).
import "server-only";
import { getDb } from "../db";
import { vapidKeys } from "../push/vapid";
import { kindsForRole, type ChannelChoice, type NotificationKind } from "./kinds";
import { getPreferences } from "./preferences";

export type NotificationSettingsProps = {
  kinds: readonly NotificationKind[];
  choices: Record<NotificationKind, ChannelChoice>;
  /** How many of the account's devices have push on. */
  devices: number;
  /** The VAPID public key, or null when this site sends no pushes. */
  publicKey: string | null;
};

export async function getNotificationSettings(userId: string, role: string): Promise<NotificationSettingsProps> {
  const db = await getDb();
  const [choices, devices] = await Promise.all([getPreferences(userId), db.pushSubscription.count({ where: { userId } })]);
  return { kinds: kindsForRole(role), choices, devices, publicKey: vapidKeys()?.publicKey ?? null };
}
