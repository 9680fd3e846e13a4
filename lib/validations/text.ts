// The one rule for free text people type (a request's details, reviews, messages, reasons, job openings in
// either language, a profile's introduction, the application to join): line breaks are stored as "\n"
// whatever the browser sent (a textarea posts CRLF), tabs are kept, white space around the text is
// trimmed, and text with any other control character or that is not well-formed Unicode (a lone UTF-16
// surrogate) is refused with a clear message rather than stored, where PostgreSQL would refuse a NUL and
// other readers would trip over the rest. Zero-width characters are kept: emoji sequences and some
// languages' spelling need them. Each field keeps its own length limit, counted on the cleaned text.
import { z } from "zod";

const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\n\t]/;

export const UNSAFE_TEXT_MESSAGE = "Remove the control characters or broken characters from this text.";

/** True for text made only of well-formed Unicode without control characters (newline and tab allowed). */
export function isPrintableText(value: string): boolean {
  return value.isWellFormed() && !CONTROL_CHARACTERS.test(value);
}

/** One line (a search, a name typed in an input): printable, and no line break or tab either. */
export function isPrintableLine(value: string): boolean {
  return isPrintableText(value) && !LINE_BREAK_OR_TAB.test(value);
}

/** Browsers send a textarea's line breaks as CRLF (and old ones as CR); every reader sees "\n". */
function normaliseLineBreaks(value: string): string {
  return value.replace(/\r\n?/g, "\n");
}

/**
 * The free-text rule: `value` with its line breaks as "\n" and trimmed, or null when it holds a control
 * character (other than newline and tab) or broken Unicode. Every free-text field goes through this.
 */
export function cleanFreeText(value: string): string | null {
  const text = normaliseLineBreaks(value);
  return isPrintableText(text) ? text.trim() : null;
}

type FreeTextOptions = {
  /** The most characters (UTF-16 code units, as zod counts) the cleaned text may have. */
  max: number;
  maxMessage: string;
  /** The message for a value that is not text; zod's own when not given. */
  typeMessage?: string;
  /** The fewest characters, when the field is required. */
  min?: number;
  minMessage?: string;
};

/** A free-text field as a zod schema: the rule of `cleanFreeText`, then the field's length limits. */
export function freeTextSchema({ max, maxMessage, typeMessage, min, minMessage }: FreeTextOptions) {
  const limits = z.string().max(max, maxMessage);
  return z
    .string(typeMessage === undefined ? undefined : { error: typeMessage })
    .transform((value, ctx) => {
      const text = cleanFreeText(value);
      if (text !== null) return text;
      ctx.addIssue({ code: "custom", message: UNSAFE_TEXT_MESSAGE });
      return z.NEVER;
    })
    .pipe(min === undefined ? limits : limits.min(min, minMessage));
}
