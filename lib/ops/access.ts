// Who may use the operator console: signed-in users whose role in the database is "operator". Everyone
// else — signed out, homeowners, handymen — is told the console does not exist (404, never 403 or 405), by
// every page, server action and API route itself; the proxy adds nothing here. Destructive actions ask for the
// password again (rate-limited per account like every current-password check).
import "server-only";
import { notFound } from "next/navigation";
import { ApiError } from "../api/errors";
import { hiddenRoute } from "../api/hidden-route";
import { checkCurrentPassword } from "../auth/passwords";
import { getCurrentUser, getUserFromRequest, type SessionUser } from "../auth/current-user";
import { getDb } from "../db";

export type Operator = SessionUser & { role: "operator" };

async function asOperator(user: SessionUser | null): Promise<Operator | null> {
  if (!user) return null;
  const row = await (await getDb()).user.findUnique({ where: { id: user.id }, select: { role: true } });
  return row?.role === "operator" ? { ...user, role: "operator" } : null;
}

/** The signed-in operator of the page or action being run, or null for anyone else. */
async function currentOperator(): Promise<Operator | null> {
  return asOperator(await getCurrentUser());
}

/** For /ops pages and the console's server actions: the operator, or Next's 404 for anyone else. */
export async function requireOperator(): Promise<Operator> {
  const operator = await currentOperator();
  if (!operator) notFound();
  return operator;
}

/**
 * The builder every /api/ops route file exports its methods through (lib/api/hidden-route.ts): anyone but
 * an operator gets the API's 404 for every method; handlers get the `operator`.
 */
export const operatorRoute = hiddenRoute(async (req: Request) => {
  const operator = await asOperator(await getUserFromRequest(req));
  return operator ? { operator, user: operator } : null;
});

/** Thrown when a destructive action's password re-entry fails. */
class PasswordConfirmationError extends ApiError {
  constructor(message: string, headers?: Record<string, string>) {
    super(headers ? "rate_limited" : "forbidden", message, [{ path: "password", message }], headers);
  }
}

const PASSWORD_REQUIRED_MESSAGE = "Enter your password to confirm this.";
const PASSWORD_WRONG_MESSAGE = "That password is not right. Enter your own password to confirm this.";

/**
 * Checks the password an operator typed to confirm a destructive action (close, delete, suspend, cancel
 * on someone's behalf); throws PasswordConfirmationError (403, or 429 after too many wrong ones).
 */
export async function confirmPassword(operator: Operator, password: unknown): Promise<void> {
  if (typeof password !== "string" || password.length === 0) throw new PasswordConfirmationError(PASSWORD_REQUIRED_MESSAGE);
  if (password.length > 1024) throw new PasswordConfirmationError(PASSWORD_WRONG_MESSAGE);
  const check = await checkCurrentPassword(operator.id, password, "operator_confirmation");
  if (check.kind === "rate_limited") {
    const minutes = Math.max(1, Math.ceil(check.retryAfterSeconds / 60));
    throw new PasswordConfirmationError(`Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
      "Retry-After": String(check.retryAfterSeconds),
    });
  }
  if (check.kind === "wrong") throw new PasswordConfirmationError(PASSWORD_WRONG_MESSAGE);
}
