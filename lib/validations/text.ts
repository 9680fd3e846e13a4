// Free text from people (request details, reviews, reasons, names): line breaks are kept as "\n" and
// tabs are allowed, but control characters and text that is not well-formed Unicode (a lone UTF-16
// surrogate) are refused with a clear message rather than stored, where PostgreSQL would refuse a NUL
// and other readers would trip over the rest.
import { z } from "zod";

const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

export const UNSAFE_TEXT_MESSAGE = "Remove the control characters or broken characters from this text.";

/** True for text made only of well-formed Unicode without control characters (newline and tab allowed). */
export function isPrintableText(value: string): boolean {
  return value.isWellFormed() && !CONTROL_CHARACTERS.test(value);
}

/** Browsers send a textarea's line breaks as CRLF; store them as "\n" so every reader sees one kind. */
export function normaliseLineBreaks(value: unknown): unknown {
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value;
}

/**
 * A free-text field: line breaks normalised, control characters and broken Unicode refused, trimmed,
 * at most `max` characters.
 */
export function freeTextSchema({ max, typeMessage, maxMessage }: { max: number; typeMessage: string; maxMessage: string }) {
  return z.preprocess(
    normaliseLineBreaks,
    z.string({ error: typeMessage }).refine(isPrintableText, UNSAFE_TEXT_MESSAGE).trim().max(max, maxMessage),
  );
}
