// The payloads of web push and notification preferences (lib/push, lib/notifications): a browser's push
// subscription as PushSubscription.toJSON() gives it, and the choice of mail and push per kind.
import { z } from "zod";
import { isNotificationKind } from "../notifications/kinds";
import { endpointProblem } from "../push/address";

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function base64urlBytes(value: string): Buffer | null {
  if (!BASE64URL.test(value)) return null;
  return Buffer.from(value.replace(/=+$/, ""), "base64url");
}

/** An uncompressed P-256 point: 65 bytes, the first 0x04. */
const p256dhSchema = z
  .string()
  .max(200)
  .refine((value) => {
    const bytes = base64urlBytes(value);
    return bytes !== null && bytes.length === 65 && bytes[0] === 0x04;
  }, "Must be the keys the browser gave for this subscription.");

/** The 16-byte authentication secret. */
const authSchema = z
  .string()
  .max(100)
  .refine((value) => base64urlBytes(value)?.length === 16, "Must be the keys the browser gave for this subscription.");

/** A subscription's endpoint: https to a public push service (a test's 127.0.0.1 only where `allowLocal`). */
export function pushEndpointSchema(allowLocal: boolean) {
  return z
    .string()
    .max(2048)
    .refine((value) => endpointProblem(value, allowLocal) === null, "Must be the https address of a push service.");
}

export function pushSubscriptionSchema(allowLocal: boolean) {
  return z.object({
    endpoint: pushEndpointSchema(allowLocal),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: p256dhSchema, auth: authSchema }).strict(),
  });
}

export type PushSubscriptionInput = z.infer<ReturnType<typeof pushSubscriptionSchema>>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2048) });

/** One kind's choice. A kind that does not exist is refused, so nothing unknown is ever stored. */
export const notificationChoiceSchema = z.object({
  kind: z.string().max(40).refine(isNotificationKind, "There is no such kind of notification."),
  mail: z.boolean(),
  push: z.boolean(),
});

export const notificationPreferencesSchema = z.object({
  preferences: z.array(notificationChoiceSchema).min(1).max(20),
});

export type NotificationChoiceInput = z.infer<typeof notificationChoiceSchema>;
