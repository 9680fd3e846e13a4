// Contact stays on the platform until the job is accepted: before then, email addresses and phone numbers
// in a message are replaced for the reader by a placeholder. The message is stored as written; this runs
// when it is shown (lib/messages/threads.ts decides for whom). A page shows each hidden detail as a notice
// of Fixwell's (`maskedParts`), which no text a person writes can imitate.

const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:.]{2,}/gu;
// A run of digits with the separators people type (spaces, dashes, dots, slashes, brackets), optionally
// after + or 00; it counts as a phone number from 8 digits on (Dutch numbers have 10).
const PHONE_CANDIDATE = /(?:\+|\b00)?\d[\d\s\-./()]{6,}\d/gu;
const MIN_PHONE_DIGITS = 8;
// A day written as 2026-12-01 or 01-12-2026 is not a phone number.
const DATE = /^\d{4}-\d{2}-\d{2}$|^\d{2}-\d{2}-\d{4}$/u;

/** `body` with every email address and phone number replaced by `placeholder`. */
export function maskContactDetails(body: string, placeholder: string): string {
  return body
    .replace(EMAIL, placeholder)
    .replace(PHONE_CANDIDATE, (match) => (!DATE.test(match) && (match.match(/\d/g)?.length ?? 0) >= MIN_PHONE_DIGITS ? placeholder : match));
}

/** A shown message's text, or the place of a contact detail Fixwell hid. */
export type MessagePart = { text: string } | { hidden: true };

// A message cannot hold NUL (./body.ts), so it marks the hidden details unmistakably.
const HIDDEN = "\u0000";

/** `body` as its text and the places of the email addresses and phone numbers hidden from it, in order. */
export function maskedParts(body: string): MessagePart[] {
  return maskContactDetails(body, HIDDEN)
    .split(HIDDEN)
    .flatMap((text, index): MessagePart[] => [...(index > 0 ? [{ hidden: true } as const] : []), ...(text === "" ? [] : [{ text }])]);
}
