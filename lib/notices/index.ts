// One-off notices a page shows after a form sent the person there: the address carries ?notice=<key>,
// and the page shows the text of a known key (anything else shows nothing). No personal data travels
// in the address. The texts are in the `catalogue` namespace (messages/<locale>/catalogue.json, `notices`).

export const NOTICE_KEYS = [
  "password-reset",
  "account-deleted",
  "password-set",
  "signed-out-everywhere",
  // The steps of a request's life (lib/requests/step-actions.ts).
  "cancelled",
  "cancel-amount-changed",
  "date-changed",
  "date-asked",
  "home-age-stated",
  "reviewed",
  "picked",
  "criterion-chosen",
  "accepted",
  "declined",
  "done",
  "job-withdrawn",
  // On the day of a paid job (lib/requests/no-show.ts).
  "on-my-way",
  "at-the-door",
  "no-show-reported",
  "no-show-objected",
  "handyman-no-show-reported",
  "date-answered",
  "availability",
  // A fixed quote (lib/quotes/actions.ts).
  "quote-sent",
  "payment-not-started",
  "quote-declined",
  "replacement-accepted",
  // A finished job confirmed (lib/requests/completion.ts) and the payout account (lib/handymen/payout-actions.ts).
  "job-confirmed",
  // A problem with the work reported (lib/requests/disputes.ts) and a dispute decided (lib/ops/disputes.ts).
  "problem-reported",
  "dispute-decided",
  "payout-connected",
  "payout-refused",
  "payout-failed",
  // Invoice details saved: the handyman's business details on /pro, the homeowner's name and address (lib/invoices/details.ts).
  "business-details-saved",
  "billing-saved",
  // Photos added to a request, and to the problem reported with it (lib/photos/actions.ts).
  "photos-added",
  "problem-photos-added",
  // The operator console's job openings (lib/careers/console-actions.ts).
  "opening-created",
  "opening-saved",
  "opening-published",
  "opening-closed",
  "opening-duplicated",
  "opening-deleted",
  // The operator console's handymen and requests (lib/ops/handymen-actions.ts, lib/ops/requests-actions.ts).
  "handyman-invited",
  "handyman-saved",
  "handyman-suspended",
  "handyman-unsuspended",
  "request-cancelled-for-homeowner",
  // Joining: the application sent (lib/handymen/applications-actions.ts), and the console's decisions on it.
  "application-sent",
  "application-approved",
  "application-rejected",
  // The handyman's own profile (lib/handymen/profile-actions.ts).
  "profile-saved",
  "day-off-added",
  "day-off-removed",
  // Messages between homeowner and handyman (lib/messages/actions.ts) and the console's closing of a thread.
  "message-sent",
  "thread-reported",
  "thread-closed",
  // The notification choices on /account (lib/notifications/actions.ts).
  "notifications-saved",
  "notifications-refused",
] as const;

export type NoticeKey = (typeof NOTICE_KEYS)[number];

export function isNoticeKey(value: unknown): value is NoticeKey {
  return typeof value === "string" && (NOTICE_KEYS as readonly string[]).includes(value);
}

/** `path` (which may carry a query of its own) with the notice `key` for the page to show. */
export function withNotice(path: string, key: NoticeKey): string {
  return `${path}${path.includes("?") ? "&" : "?"}notice=${key}`;
}
