// What the error screen may say about a thrown value: a status, a message, the digest Next.js gives
// server errors, and the stack only in development. In production a server error reaches the browser
// with its message replaced by React's generic notice (to keep secrets on the server); the screen then
// says in plain words that the fault was ours and shows the digest, which matches the server's log.

export type ErrorDetails = { status: number; message: string; digest?: string; stack?: string };

export const SERVER_ERROR_MESSAGE = "Something went wrong on our side while preparing this page.";

function httpErrorStatus(value: object, key: string): number | undefined {
  const candidate = (value as Record<string, unknown>)[key];
  return typeof candidate === "number" && Number.isInteger(candidate) && candidate >= 400 && candidate <= 599
    ? candidate
    : undefined;
}

export function describeError(error: unknown, development = process.env.NODE_ENV !== "production"): ErrorDetails {
  if (error instanceof Error) {
    const rawDigest = (error as Error & { digest?: unknown }).digest;
    const digest = typeof rawDigest === "string" ? rawDigest : undefined;
    return {
      status: httpErrorStatus(error, "status") ?? httpErrorStatus(error, "statusCode") ?? 500,
      message: digest && !development ? SERVER_ERROR_MESSAGE : error.message || "Something went wrong.",
      digest,
      stack: development ? error.stack : undefined,
    };
  }
  if (typeof error === "string" && error.length > 0) return { status: 500, message: error };
  return { status: 500, message: "Something went wrong." };
}
