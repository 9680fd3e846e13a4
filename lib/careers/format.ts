// Text helpers for the careers pages (dates and numbers are formatted by lib/format.ts).

export type TextPart = { kind: "text"; text: string } | { kind: "email"; address: string };

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** Splits plain text so that e-mail addresses can be shown as mailto links. */
export function splitEmails(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(EMAIL)) {
    const index = match.index ?? 0;
    // A trailing full stop ends the sentence, not the address.
    const address = match[0].replace(/\.+$/, "");
    if (index > last) parts.push({ kind: "text", text: text.slice(last, index) });
    parts.push({ kind: "email", address });
    last = index + address.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
