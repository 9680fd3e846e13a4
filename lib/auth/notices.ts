// One-off notices a page shows after a form sent the person there: the address carries ?notice=<key>,
// and the page shows the text of a known key (anything else shows nothing). No personal data travels
// in the address.

export const NOTICES = {
  "password-reset": "Your new password is set and you are signed in. Every other device was signed out.",
  "account-deleted": "Your account was deleted. A goodbye mail is on its way to the address it had.",
  "password-set": "Your password is set. Sign in with it.",
  "signed-out-everywhere": "You were signed out on every device, this one included.",
  // The steps of a request's life (lib/requests/step-actions.ts).
  cancelled: "Your request is cancelled.",
  "date-changed": "The new date is saved.",
  "date-asked": "We asked the handyman to confirm the new date.",
  reviewed: "Thank you for your review.",
  picked: "Your request went to the handyman you picked.",
  accepted: "You accepted the job.",
  declined: "You declined the job; it goes to the next handyman.",
  done: "The job is marked done.",
  "date-answered": "Your answer about the date is saved.",
  availability: "Your availability is saved.",
  // The operator console's job openings (lib/ops/job-opening-actions.ts).
  "opening-created": "The draft is saved. Publish it when it is ready.",
  "opening-saved": "Your changes to the opening are saved.",
  "opening-published": "The opening is published and shows on the careers pages now.",
  "opening-closed": "The opening is closed. Its page now tells visitors it has closed.",
  "opening-duplicated": "This is a new draft, copied from the opening.",
  "opening-deleted": "The opening is deleted.",
  // The operator console's handymen and requests (lib/ops/handymen-actions.ts, lib/ops/requests-actions.ts).
  "handyman-invited": "The invitation is on its way: the handyman sets a password from the mailed link.",
  "handyman-saved": "The handyman's hourly price and trade are saved.",
  "handyman-suspended": "The handyman is suspended: nothing is offered to them, and their unanswered requests went to the next handyman.",
  "handyman-unsuspended": "The suspension is lifted: the handyman can be matched again.",
  "request-cancelled-for-homeowner": "The request is cancelled, and the homeowner was mailed the reason.",
} as const;

export type NoticeKey = keyof typeof NOTICES;

/** `path` (which may carry a query of its own) with the notice `key` for the page to show. */
export function withNotice(path: string, key: NoticeKey): string {
  return `${path}${path.includes("?") ? "&" : "?"}notice=${key}`;
}

/** The text of a notice named in a page's address, or null. */
export function noticeText(key: unknown): string | null {
  return typeof key === "string" && Object.hasOwn(NOTICES, key) ? NOTICES[key as NoticeKey] : null;
}
