// Recognises "the database is not there" among driver and Prisma errors, so callers can answer 503
// with one plain line instead of a stack trace, and "that row already exists", so they can answer 409.

/**
 * A unique constraint refused the write (Prisma's P2002). Read from the code alone: with driver adapters
 * Prisma may leave `meta.target` empty, and the check must not need the generated client to load.
 */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/** Prisma's codes for unreachable servers, refused logins, missing databases and exhausted pools. */
const UNAVAILABLE_PRISMA_CODES = new Set([
  "P1000", "P1001", "P1002", "P1003", "P1008", "P1010", "P1011", "P1017", "P2024", "P2037",
]);
const UNAVAILABLE_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "EPIPE"]);
/** SQLSTATE classes 08 (connection), 28 (authorisation), 3D000 (no such database), 57P0x (shutdown), 53300. */
const UNAVAILABLE_SQLSTATE = /^(08|28)|^3D000$|^57P0[1-3]$|^53300$/;
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|Can't reach database server|password authentication failed|does not exist|Client has encountered a connection error|terminating connection|the database system is (starting up|shutting down)|Query read timeout|canceling statement due to statement timeout/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; name?: unknown; errors?: unknown };
  if (typeof e.code === "string") {
    if (UNAVAILABLE_PRISMA_CODES.has(e.code) || UNAVAILABLE_NODE_CODES.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code)) {
      return true;
    }
  }
  if (e.name === "PrismaClientInitializationError") return true;
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message) && !/relation .* does not exist/i.test(e.message)) {
    return true;
  }
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

// A connection that broke under a statement (terminated by the server, reset, refused on the way): the
// next try takes another connection. Timeouts are not among them: a second try would wait as long again.
const LOST_CONNECTION_CODES = new Set(["ECONNRESET", "EPIPE", "ECONNREFUSED", "57P01", "57P02", "57P03", "08000", "08003", "08006", "P1017"]);
const LOST_CONNECTION_MESSAGES = /Connection terminated|terminating connection|Client has encountered a connection error|connect ECONNREFUSED|Server has closed the connection|Connection ended unexpectedly/i;

/** The statement failed because its connection broke, not because of the statement. */
export function isLostConnection(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string" && LOST_CONNECTION_CODES.has(e.code)) return true;
  if (typeof e.message === "string" && LOST_CONNECTION_MESSAGES.test(e.message) && !/timeout/i.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isLostConnection(inner, depth + 1))) return true;
  return isLostConnection(e.cause, depth + 1);
}

/**
 * Runs `read` (a read that may be repeated: it changes nothing) and, when its connection broke under it,
 * once more on another connection; a second failure is thrown as it is (an outage: 503 with Retry-After,
 * lib/api/errors.ts and the proxy's probe).
 */
export async function retryReadOnce<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isLostConnection(error)) throw error;
    return read();
  }
}

/** One line naming what went wrong, without credentials from the URL. */
export function describeDatabaseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const lines = message.split("\n").map((line) => line.trim()).filter((line) => line !== "");
  // Prisma's messages open with "Invalid `db.x()` invocation in <file>" and a code excerpt; the reason is last.
  const line = (lines[0]?.startsWith("Invalid `") ? lines.at(-1) : lines[0]) ?? "unknown error";
  const code = typeof (error as { code?: unknown })?.code === "string" ? ` [${(error as { code: string }).code}]` : "";
  return (line + code).replace(/postgres(ql)?:\/\/[^@\s]*@/gi, "postgresql://***@");
}

/**
 * Logs a failure that is not the person's input (the database unreachable, a bug) as one line: the area
 * (`[auth]`, `[requests]` …), what failed and why, never a form value.
 */
export function logFailure(area: string, what: string, error: unknown): void {
  const reason = isDatabaseUnavailable(error) ? "database unavailable" : "unexpected error";
  console.error(`[${area}] ${what} failed (${reason}): ${describeDatabaseError(error)}`);
}
