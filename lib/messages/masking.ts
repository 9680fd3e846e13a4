// Contact stays on the platform until the job is accepted: before then, email addresses and phone numbers
// in a message are replaced for the reader by a placeholder. The message is stored as written; this runs
// when it is shown (lib/messages/threads.ts decides for whom). A handyman's public introduction on
// /pros/{slug} is shown through the same rule, always (lib/handymen/profile.ts, publicIntro).
//
// Matching runs on a normalised copy of the text, so that what looks like a phone number or an address to
// a reader is one to the rule too: each character is put in Unicode's compatibility form (NFKC: fullwidth
// ０６ and ＠ become 06 and @), invisible format characters (\p{Cf}: zero-width spaces and joiners, soft
// hyphens, direction marks) are dropped, every decimal digit of any script (\p{Nd}: Arabic-Indic ٠٦,
// Devanagari, …) becomes its ASCII digit, and any run of other characters that is not a letter or digit
// separates. "at"/"apenstaartje" and "dot"/"punt" written out count as @ and . between words. Each
// match is mapped back to the span of the ORIGINAL text it came from, and that span is replaced, so
// the rest of the message reads exactly as written.
//
// A page shows each hidden detail as a notice of Fixwell's (`maskedParts`), which no text a person writes
// can imitate.

const PHONE_DIGITS = 8;
// Common top-level domains: an address written with words or spaces ("jan at example dot com") must end
// in one of them, so that ordinary sentences with "at" and "dot" in them are left alone.
const TLDS = "com|nl|net|org|eu|be|de|fr|uk|co|io|info|biz|me|app|dev|online|email|mail|nu|tv|shop|xyz|live|amsterdam|frl|ai|us";

// Matching runs on a skeleton of the normalised text, one ASCII character for each of its UTF-16 units:
// ASCII letters (lower case) and digits as they are, any other letter, mark or number as "a", the
// characters an address, a day or a time is made of (@ . + - _ % / :) as they are, and anything else as
// a space. So the
// patterns below need no Unicode classes (which make them slow), and each index still maps back.
const SEP = String.raw`[^a-z0-9@]`;
// An address as it is usually typed: user@host.tld.
const EMAIL = /(?<![a-z0-9._%+-])[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gu;
// An address with its @ and dots spelled out or spaced: jan (at) example (dot) nl, jan apenstaartje
// voorbeeld punt nl, j.an @ example . com. The top-level domain must be a known one.
const AT = String.raw`(?:${SEP}{0,4}@${SEP}{0,4}|${SEP}{1,4}(?:at|apenstaartje|apestaartje|apestaart)${SEP}{1,4})`;
const DOT = String.raw`(?:${SEP}{0,3}\.${SEP}{0,3}|${SEP}{1,4}(?:dot|punt)${SEP}{1,4})`;
const LOOSE_EMAIL = new RegExp(String.raw`(?<![a-z0-9._%+-])[a-z0-9._%+-]*[a-z0-9]${AT}[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}(?:${TLDS})(?![a-z0-9])`, "gu");
// A run of digits with at most three separating characters between any two, optionally after a +; it
// counts as a phone number from 8 digits on (Dutch numbers have 10).
const PHONE = new RegExp(String.raw`\+?\d(?:${SEP}{0,3}\d)+`, "gu");
// Days and times are not phone numbers: 2026-12-01, 01-12-2026, 12-03, 12/03, 1.12, 10:00. A day or time
// is one that no further digit continues after the same kind of separator (06-12-34-56-78 is a phone
// number, not a day). Their digits do not count towards a phone number's eight, except in a run that
// starts as a phone number does (0 or +) and has ten digits or more, of which at least four are no day
// or time: 06-12 34 56 78 is a phone number.
const DAY = /(?<!\d[-/.]?)(?:\d{4}-\d{2}-\d{2}|\d{1,2}([-/.])\d{1,2}(?:\1(?:\d{4}|\d{2}))?)(?![-/.]?\d)/gu;
const TIME = /(?<!\d:?)\d{1,2}:\d{2}(?!:?\d)/gu;
const PHONE_LIKE_DIGITS = 10;
const PHONE_LIKE_OWN_DIGITS = 4;

// Decimal digits come in runs of ten, 0 to 9, in every script: a digit's value is its distance from the
// start of its run, modulo ten (some runs follow each other directly).
const digitValues = new Map<number, string>();
function asciiDigit(codePoint: number): string {
  let value = digitValues.get(codePoint);
  if (value === undefined) {
    let start = codePoint;
    while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start -= 1;
    value = String((codePoint - start) % 10);
    digitValues.set(codePoint, value);
  }
  return value;
}

const KEPT = /^[A-Za-z0-9@.+\-_%/:]$/;

/** One normalised character as the patterns see it (see above). */
function skeleton(char: string): string {
  if (KEPT.test(char)) return char.toLowerCase();
  if (/\p{Nd}/u.test(char)) return asciiDigit(char.codePointAt(0)!);
  return (/[\p{L}\p{M}\p{N}]/u.test(char) ? "a" : " ").repeat(char.length);
}

type Normalised = { text: string; starts: number[]; ends: number[] };

/** The text as matching sees it (its skeleton), with the span of the original each of its UTF-16 units came from. */
export function normaliseForMatching(original: string): Normalised {
  let text = "";
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of original) {
    const end = index + char.length;
    if (char.charCodeAt(0) < 0x7f) {
      // ASCII is its own compatibility form and holds no format character.
      text += skeleton(char);
      starts.push(index);
      ends.push(end);
    } else if (!/\p{Cf}/u.test(char)) {
      for (const piece of char.normalize("NFKC")) {
        if (/\p{Cf}/u.test(piece)) continue;
        const out = skeleton(piece);
        text += out;
        for (let unit = 0; unit < out.length; unit += 1) {
          starts.push(index);
          ends.push(end);
        }
      }
    }
    index = end;
  }
  return { text, starts, ends };
}

type Span = [start: number, end: number];

/** The spans of `original` that hold an email address or a phone number. */
export function contactSpans(original: string): Span[] {
  const { text, starts, ends } = normaliseForMatching(original);
  const found: Span[] = [];
  const add = (at: number, length: number) => found.push([starts[at], ends[at + length - 1]]);
  for (const match of text.matchAll(EMAIL)) add(match.index, match[0].length);
  for (const match of text.matchAll(LOOSE_EMAIL)) add(match.index, match[0].length);
  const dayOrTime = new Uint8Array(text.length);
  for (const pattern of [DAY, TIME]) for (const match of text.matchAll(pattern)) dayOrTime.fill(1, match.index, match.index + match[0].length);
  for (const match of text.matchAll(PHONE)) {
    let digits = 0;
    let own = 0;
    for (let at = match.index; at < match.index + match[0].length; at += 1) {
      if (text[at] >= "0" && text[at] <= "9") {
        digits += 1;
        if (!dayOrTime[at]) own += 1;
      }
    }
    const phoneLike = /^[+0]/.test(match[0]) && digits >= PHONE_LIKE_DIGITS && own >= PHONE_LIKE_OWN_DIGITS;
    if (own >= PHONE_DIGITS || phoneLike) add(match.index, match[0].length);
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Span[] = [];
  for (const span of found) {
    const last = merged.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

/** `body` with every email address and phone number replaced by `placeholder`; the rest as written. */
export function maskContactDetails(body: string, placeholder: string): string {
  let shown = "";
  let from = 0;
  for (const [start, end] of contactSpans(body)) {
    shown += body.slice(from, start) + placeholder;
    from = end;
  }
  return shown + body.slice(from);
}

/** Whether `text` holds an email address or a phone number. */
export function holdsContactDetails(text: string): boolean {
  return contactSpans(text).length > 0;
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
