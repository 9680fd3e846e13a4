// What a message may be: 1–2000 characters (counted as PostgreSQL counts them, by code point), with
// something besides white space, no NUL and no lone surrogate (PostgreSQL's text cannot hold either).
import { ApiError } from "../api/errors";
import { MAX_MESSAGE_CHARS, MAX_REPORT_REASON_CHARS } from "../validations/limits";

export { MAX_MESSAGE_CHARS, MAX_REPORT_REASON_CHARS };

/** The message to store, exactly as written; 400 with a plain reason otherwise. */
export function parseMessageBody(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") throw new ApiError("validation_failed", { key: "thread.empty" }, [{ path: "body", message: { key: "thread.empty" } }]);
  if (value.includes("\u0000") || !value.isWellFormed()) {
    throw new ApiError("validation_failed", { key: "thread.badCharacters" }, [{ path: "body", message: { key: "thread.badCharacters" } }]);
  }
  if ([...value].length > MAX_MESSAGE_CHARS) {
    const text = { key: "thread.tooLong", values: { max: MAX_MESSAGE_CHARS } } as const;
    throw new ApiError("validation_failed", text, [{ path: "body", message: text }]);
  }
  return value;
}

/** An optional reason given with a report: trimmed, at most 500 characters, null when empty. */
export function parseReportReason(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value.includes("\u0000") || !value.isWellFormed()) {
    throw new ApiError("validation_failed", { key: "thread.badCharacters" }, [{ path: "reason", message: { key: "thread.badCharacters" } }]);
  }
  const reason = value.trim();
  if ([...reason].length > MAX_REPORT_REASON_CHARS) {
    const text = { key: "thread.reasonTooLong", values: { max: MAX_REPORT_REASON_CHARS } } as const;
    throw new ApiError("validation_failed", text, [{ path: "reason", message: text }]);
  }
  return reason === "" ? null : reason;
}
