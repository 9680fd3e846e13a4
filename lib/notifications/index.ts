// Notifications: one entry point for telling a person of an event of a kind they may choose to hear of
// (./kinds.ts), by mail, by push or both, as they chose on /account (./preferences.ts). Called in the
// transaction of the change that causes the event, like queueMail: the mail goes into the mail outbox
// (lib/mail), the push into the push outbox (lib/push), one row per device, keyed by the event so that the
// same event never pushes twice to a device. Neither blocks the request: the queue's worker sends them.
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { queueMail, type MailMessage } from "../mail";
import type { AfterCommit } from "../queue/after-commit";
import { queuePush, type PushContent } from "../push/outbox";
import { choiceFor } from "./preferences";
import type { NotificationKind } from "./kinds";

export type Notification = {
  userId: string;
  kind: NotificationKind;
  /** Names the event, the same for every retry of it: "offer:<request>:<handyman>:<deadline>". */
  eventKey: string;
  mail: MailMessage | null;
  push: PushContent;
};

/** Queues the mail and the pushes the person wants for this event. Returns what was queued. */
export async function notifyPerson(tx: Prisma.TransactionClient, after: AfterCommit, notification: Notification): Promise<{ mailed: boolean; pushes: number }> {
  const choice = await choiceFor(tx, notification.userId, notification.kind);
  let mailed = false;
  if (choice.mail && notification.mail) {
    await queueMail(tx, after, notification.mail);
    mailed = true;
  }
  const pushes = choice.push ? await queuePush(tx, after, notification.userId, `${notification.kind}:${notification.eventKey}`, notification.push) : 0;
  return { mailed, pushes };
}

export { NOTIFICATION_KINDS, NOTIFICATION_KINDS_BY_SIDE, isNotificationKind, kindsForRole, type NotificationKind } from "./kinds";
