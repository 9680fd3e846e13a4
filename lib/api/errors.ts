// The API's one error shape: {"error": {"code", "message", "issues"?}} with the status its code implies.
// Nothing from Prisma, SQL or a stack ever reaches the body. The message is in the language the request's
// Accept-Language prefers (English when it names neither of ours); the code never changes.
import { z } from "zod";
import en from "../../messages/en/api.json";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { describeDatabaseError, isDatabaseUnavailable } from "../db/errors";
import { localeFromAcceptLanguage } from "../i18n/accept-language";
import { localizeValidationMessage } from "../validations/messages";
import { getTranslator } from "../i18n/translator";

const errorStatus = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  database_unavailable: 503,
  busy: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

// ---- Messages in each language (messages/<locale>/api.json). ----

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A message of the api catalogue, "request.offerClosed". */
export type ApiMessageKey = Leaves<typeof en>;

/** A value of a message; a function for one written differently in each language (a date, a city). */
export type ApiMessageValue = string | number | ((locale: Locale) => string);

/** A message by its key, with its values: an ApiError carrying one answers in the request's language. */
export type ApiMessage = { key: ApiMessageKey; values?: Record<string, ApiMessageValue> };

/** `message` in `locale`. */
export function apiMessage(locale: Locale, { key, values = {} }: ApiMessage): string {
  const resolved = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === "function" ? value(locale) : value]));
  return getTranslator(locale, "api")(key, resolved);
}

export type ErrorIssue = { path: string; message: string };

/** An issue as thrown: its message a catalogue entry, or a schema's words. */
export type IssueInput = { path: string; message: string | ApiMessage };

export type ErrorBody = { error: { code: ErrorCode; message: string; issues?: ErrorIssue[] } };

// A message given as a string is a schema's validation words: the validation catalogue knows its key.
// Every other message is given by its key in the api catalogue.
const textIn = (locale: Locale, message: string | ApiMessage): string => {
  if (typeof message !== "string") return apiMessage(locale, message);
  return locale === DEFAULT_LOCALE ? message : localizeValidationMessage(message, getTranslator(locale, "validation"));
};

export class ApiError extends Error {
  /** The message as a catalogue entry (undefined for a schema's words). */
  readonly text: ApiMessage | undefined;
  /** The issues as thrown, their messages in no language yet. */
  readonly issueTexts: IssueInput[] | undefined;

  constructor(
    readonly code: ErrorCode,
    message: ApiMessage | string,
    issues?: IssueInput[],
    readonly headers?: Record<string, string>,
  ) {
    super(typeof message === "string" ? message : apiMessage(DEFAULT_LOCALE, message));
    this.name = "ApiError";
    this.text = typeof message === "string" ? undefined : message;
    this.issueTexts = issues;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  /** The issues in English, as the API answers by default. */
  get issues(): ErrorIssue[] | undefined {
    return this.issuesIn(DEFAULT_LOCALE);
  }

  /** The same error with other issues (a form shows them beside another field). */
  withIssues(issues: IssueInput[]): ApiError {
    return new ApiError(this.code, this.text ?? this.message, issues, this.headers);
  }

  /** The message in `locale`. */
  messageIn(locale: Locale): string {
    return textIn(locale, this.text ?? this.message);
  }

  /** The issues in `locale`. */
  issuesIn(locale: Locale): ErrorIssue[] | undefined {
    return this.issueTexts?.map((issue) => ({ path: issue.path, message: textIn(locale, issue.message) }));
  }

  static fromZod(error: z.ZodError, message: ApiMessage | string = { key: "fieldsInvalid" }): ApiError {
    return new ApiError(
      "validation_failed",
      message,
      error.issues.map((issue) => ({ path: issue.path.join(".") || "(body)", message: issue.message })),
    );
  }
}

/** The language of the answer to `req`: its Accept-Language, English without one. */
export function requestLocale(req?: Request): Locale {
  return req ? localeFromAcceptLanguage(req.headers.get("accept-language")) : DEFAULT_LOCALE;
}

/** The error as JSON, its message in `locale` (English by default; `req`'s language in respondToError). */
export function errorResponse(error: ApiError, locale: Locale = DEFAULT_LOCALE): Response {
  const body: ErrorBody = { error: { code: error.code, message: error.messageIn(locale) } };
  const issues = error.issuesIn(locale);
  if (issues?.length) body.error.issues = issues;
  return Response.json(body, {
    status: error.status,
    headers: { "Cache-Control": "no-store", ...error.headers },
  });
}

function where(req?: Request): string {
  if (!req) return "";
  try {
    return `${req.method} ${new URL(req.url).pathname}`;
  } catch {
    return req.method;
  }
}

/**
 * The one answer to anything a handler throws, for the API and the next-auth route alike: an ApiError
 * as it is (access denials logged as security events with the path and user id, never cookies or
 * bodies), an unreachable database as 503, anything else as a generic 500 logged without the body.
 */
export function respondToError(error: unknown, req?: Request, userId?: string): Response {
  if (error instanceof ApiError) {
    if (error.code === "forbidden" || error.code === "unauthorized") {
      console.warn(`[security] access denied (${error.status}): ${where(req)} user=${userId ?? "anonymous"}`);
    }
    return errorResponse(error, requestLocale(req));
  }
  if (isDatabaseUnavailable(error)) {
    console.error(`[api] ${where(req)}: database unavailable: ${describeDatabaseError(error)}`);
    return errorResponse(
      new ApiError("database_unavailable", { key: "databaseUnavailable" }, undefined, {
        "Retry-After": "5",
      }),
      requestLocale(req),
    );
  }
  console.error(`[api] ${where(req)}: unexpected error: ${describeDatabaseError(error)}`);
  return errorResponse(new ApiError("internal_error", { key: "internalError" }), requestLocale(req));
}
