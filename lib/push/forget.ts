// Removing every device of an account from web push, apart from the rest of lib/push so the session code
// (lib/auth/sessions.ts) can call it without loading web-push.
import type { Prisma } from "../generated/prisma/client";

/** Every device of the account loses push, in the caller's transaction ("sign out everywhere", a new password). */
export async function forgetDevices(tx: Prisma.TransactionClient, userId: string): Promise<number> {
  const { count } = await tx.pushSubscription.deleteMany({ where: { userId } });
  return count;
}
