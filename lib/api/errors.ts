// The API's one error shape: {"error": {"code", "message", "issues"?}} with the status its code implies.
// Nothing from Prisma, SQL or a stack ever reaches the body.
import { z } from "zod";

export const errorStatus = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  database_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type ErrorIssue = { path: string; message: string };

export type ErrorBody = { error: { code: ErrorCode; message: string; issues?: ErrorIssue[] } };

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get status(): number {
    return errorStatus[this.code];
  }

  static fromZod(error: z.ZodError, message = "Some fields are not valid."): ApiError {
    return new ApiError(
      "validation_failed",
      message,
      error.issues.map((issue) => ({ path: issue.path.join(".") || "(body)", message: issue.message })),
    );
  }
}

export function errorResponse(error: ApiError): Response {
  const body: ErrorBody = { error: { code: error.code, message: error.message } };
  if (error.issues?.length) body.error.issues = error.issues;
  return Response.json(body, {
    status: error.status,
    headers: { "Cache-Control": "no-store", ...error.headers },
  });
}
