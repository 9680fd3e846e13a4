// The kinds of event a person may choose to hear of by mail, by push, both or neither: the one list. Mail
// that the law or safety needs (password reset and change, address verification, invoices, the goodbye
// after an account's deletion) is no kind here, so it can never be turned off; neither can the mail of a
// change to a person's own plans (a cancellation, a request passed on), which goes as before.
// "on-my-way" is sent by the handyman's "On my way" on the agreed day (lib/requests/no-show.ts).

/** The kinds each side hears of, in the order the account page lists them. */
export const NOTIFICATION_KINDS_BY_SIDE = {
  handyman: ["offer", "message", "quote-paid", "money-released"],
  homeowner: ["accepted", "quote-received", "message", "on-my-way", "done"],
} as const;

export type NotificationSide = keyof typeof NOTIFICATION_KINDS_BY_SIDE;
export type NotificationKind = (typeof NOTIFICATION_KINDS_BY_SIDE)[NotificationSide][number];

export const NOTIFICATION_KINDS: readonly NotificationKind[] = [...new Set(Object.values(NOTIFICATION_KINDS_BY_SIDE).flat())];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** The kinds an account of `role` chooses among: a handyman's, a homeowner's, none for applicants and operators. */
export function kindsForRole(role: string): readonly NotificationKind[] {
  if (role === "handyman") return NOTIFICATION_KINDS_BY_SIDE.handyman;
  if (role === "homeowner") return NOTIFICATION_KINDS_BY_SIDE.homeowner;
  return [];
}

/** A kind's choice: mail and push are both on until the person says otherwise. */
export type ChannelChoice = { mail: boolean; push: boolean };
export const DEFAULT_CHOICE: ChannelChoice = { mail: true, push: true };
