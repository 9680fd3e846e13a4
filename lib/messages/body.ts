// What a message may be: the free-text rule of every form (lib/validations/text.ts: line breaks stored as
// "\n", no control character but newline and tab, no broken Unicode, trimmed), then 1–2000 characters
// (counted as PostgreSQL counts them, by code point).
import { ApiError } from "../api/errors";
import { cleanFreeText } from "../validations/text";
import { MAX_MESSAGE_CHARS, MAX_REPORT_REASON_CHARS } from "../validations/limits";

export { MAX_MESSAGE_CHARS, MAX_REPORT_REASON_CHARS };

const badCharacters = (path: string) => new ApiError("validation_failed", { key: "thread.badCharacters" }, [{ path, message: { key: "thread.badCharacters" } }]);

/** The message to store, as written under the free-text rule; 400 with a plain reason otherwise. */
export function parseMessageBody(value: unknown): string {
  const empty = () => new ApiError("validation_failed", { key: "thread.empty" }, [{ path: "body", message: { key: "thread.empty" } }]);
  if (typeof value !== "string") throw empty();
  const body = cleanFreeText(value);
  if (body === null) throw badCharacters("body");
  if (body === "") throw empty();
  if ([...body].length > MAX_MESSAGE_CHARS) {
    const text = { key: "thread.tooLong", values: { max: MAX_MESSAGE_CHARS } } as const;
    throw new ApiError("validation_failed", text, [{ path: "body", message: text }]);
  }
  return body;
}

/** An optional reason given with a report: the free-text rule, at most 500 characters, null when empty. */
export function parseReportReason(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const reason = typeof value === "string" ? cleanFreeText(value) : null;
  if (reason === null) throw badCharacters("reason");
  if ([...reason].length > MAX_REPORT_REASON_CHARS) {
    const text = { key: "thread.reasonTooLong", values: { max: MAX_REPORT_REASON_CHARS } } as const;
    throw new ApiError("validation_failed", text, [{ path: "reason", message: text }]);
  }
  return reason === "" ? null : reason;
}
