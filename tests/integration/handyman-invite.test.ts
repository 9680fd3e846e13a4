// Inviting a handyman (npm run handyman:invite): one account with the handyman role and no usable
// password, linked to its handymen row, and a mailed single-use set-password link; every refusal
// changes nothing.
import { beforeEach, describe, expect, it } from "vitest";
import { inviteHandyman } from "../../lib/handymen/invite";
import { spendToken } from "../../lib/auth/account-tokens";
import { verifyPassword } from "../../lib/auth/passwords";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { createSignedInUser } from "../helpers/session";

beforeEach(async () => {
  await resetDatabase();
});

/** The token in the set-password link of the last mail to `to`. */
async function linkTokenSentTo(to: string): Promise<string> {
  const db = await getDb();
  const mail = await db.outboxMessage.findFirstOrThrow({ where: { recipient: to }, orderBy: { createdAt: "desc" } });
  const match = /\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`No set-password link in: ${mail.text}`);
  return match[1];
}

describe("inviteHandyman", () => {
  it("creates a handyman account linked to the row, with no password anyone knows, and mails a set-password link", async () => {
    const invitation = await inviteHandyman(23, "  Bas@Example.test ");
    expect(invitation.email).toBe("bas@example.test");
    const db = await getDb();
    const user = await db.user.findUniqueOrThrow({ where: { email: "bas@example.test" } });
    expect(user.role).toBe("handyman");
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    for (const guess of ["", "password", "bas@example.test"]) expect(await verifyPassword(user.passwordHash, guess)).toBe(false);
    expect((await db.handyman.findUniqueOrThrow({ where: { id: 23 } })).userId).toBe(user.id);

    const mail = await db.outboxMessage.findFirstOrThrow({ where: { recipient: "bas@example.test" } });
    expect(mail.subject).toMatch(/invited/i);
    expect(mail.text).toMatch(/7 days/);
    const token = await linkTokenSentTo("bas@example.test");
    const stored = await db.accountToken.findFirstOrThrow({ where: { userId: user.id, purpose: "set_password" } });
    expect(stored.tokenHash).not.toContain(token);
    const days = (stored.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("gives a link that works once", async () => {
    await inviteHandyman(23, "bas@example.test");
    const token = await linkTokenSentTo("bas@example.test");
    const db = await getDb();
    expect(await db.$transaction((tx) => spendToken(tx, token, "set_password"))).toMatchObject({ email: "bas@example.test" });
    expect(await db.$transaction((tx) => spendToken(tx, token, "set_password"))).toBeNull();
  });

  it.each<[string, () => Promise<unknown>, () => Promise<unknown>, number]>([
    ["an unknown handyman", async () => undefined, () => inviteHandyman(999, "x@example.test"), 404],
    ["a handyman who already has an account", () => inviteHandyman(23, "bas@example.test"), () => inviteHandyman(23, "bas.again@example.test"), 409],
    ["an address already in use", () => createSignedInUser("taken@example.test"), () => inviteHandyman(23, "taken@example.test"), 409],
    ["an address that is not one", async () => undefined, () => inviteHandyman(23, "not an email"), 400],
  ])("refuses %s and changes nothing", async (_what, setUp, invite, status) => {
    await setUp();
    const before = await snapshotTables();
    await expect(invite()).rejects.toMatchObject({ status });
    expect(await snapshotTables()).toBe(before);
  });
});
