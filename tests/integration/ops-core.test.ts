// The operator console's foundations: operators are made on the command line with a mailed
// set-password link and no seeded password; their sessions last 12 hours at most whatever "Remember me"
// said; destructive actions ask for the password again; the audit log can only grow.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";
import { spendToken } from "@/lib/auth/account-tokens";
import { openSession } from "@/lib/auth/sessions";
import { getUserFromRequest } from "@/lib/auth/current-user";
import { verifyPassword } from "@/lib/auth/passwords";
import { env } from "@/lib/env";
import { confirmPassword, type Operator } from "@/lib/ops/access";
import { listAudit, recordAudit } from "@/lib/ops/audit";
import { createOperator } from "@/lib/ops/operators";
import { getDb, resetDatabase, snapshotTables, withSql } from "../helpers/db";
import { createSignedInOperator, OPERATOR_PASSWORD } from "../helpers/ops";
import { apiRequest } from "../helpers/session";

const HOUR = 3600;

beforeEach(async () => {
  await resetDatabase();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("npm run operator:create", () => {
  it("makes an operator with no password anyone knows and mails a single-use set-password link", async () => {
    const invitation = await createOperator("  Ada.Ops@Example.test ");
    expect(invitation.email).toBe("ada.ops@example.test");
    const db = await getDb();
    const user = await db.user.findUniqueOrThrow({ where: { email: "ada.ops@example.test" } });
    expect(user.role).toBe("operator");
    for (const guess of ["", "password", "ada.ops@example.test"]) expect(await verifyPassword(user.passwordHash, guess)).toBe(false);
    const mail = await db.outboxMessage.findFirstOrThrow({ where: { recipient: "ada.ops@example.test" } });
    expect(mail.subject).toBe("You are invited to Fixwell");
    expect(mail.text).toContain("as an operator");
    const token = /\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    expect(await db.$transaction((tx) => spendToken(tx, token, "set_password"))).toMatchObject({ email: "ada.ops@example.test" });
    expect(await db.$transaction((tx) => spendToken(tx, token, "set_password"))).toBeNull();
  });

  it.each([
    ["a malformed address", "not-an-address", 400],
    ["an address already in use", "taken@example.test", 409],
  ])("refuses %s and changes nothing", async (_what, email, status) => {
    await createSignedInOperator("taken@example.test");
    const before = await snapshotTables();
    await expect(createOperator(email)).rejects.toMatchObject({ status });
    expect(await snapshotTables()).toBe(before);
  });
});

describe("operator sessions", () => {
  async function cookieSignedInAgo(user: { id: string; email: string }, remember: boolean, secondsAgo: number) {
    const claims = await openSession(user, remember, new Date(Date.now() - secondsAgo * 1000));
    return `next-auth.session-token=${await encode({ token: claims, secret: env().NEXTAUTH_SECRET })}`;
  }
  const userOf = (cookie: string) => getUserFromRequest(apiRequest("GET", "/ops", { cookie }));

  it("are never remembered: ticking Remember me still opens a browser session", async () => {
    const operator = await createSignedInOperator();
    const claims = await openSession(operator, true);
    expect(claims.remember).toBe(false);
    const row = await (await getDb()).userSession.findFirstOrThrow({ where: { id: claims.sid as string } });
    expect(row.remember).toBe(false);
  });

  it("end 12 hours after signing in, while a homeowner's remembered session goes on", async () => {
    const operator = await createSignedInOperator();
    expect(await userOf(await cookieSignedInAgo(operator, true, 11 * HOUR))).toMatchObject({ id: operator.id });
    expect(await userOf(await cookieSignedInAgo(operator, true, 12 * HOUR + 60))).toBeNull();
  });

  it("end at 12 hours also for a remembered session opened before the account became an operator", async () => {
    const db = await getDb();
    const user = await db.user.create({ data: { email: `later-ops-${randomUUID()}@example.test`, passwordHash: "x" }, select: { id: true, email: true } });
    const cookie = await cookieSignedInAgo(user, true, 13 * HOUR);
    expect(await userOf(cookie)).toMatchObject({ id: user.id });
    await db.user.update({ where: { id: user.id }, data: { role: "operator" } });
    expect(await userOf(cookie)).toBeNull();
  });
});

describe("password re-entry for destructive actions", () => {
  const asOperator = (user: { id: string; email: string }): Operator => ({ ...user, role: "operator" });

  it("passes with the operator's own password", async () => {
    const operator = await createSignedInOperator();
    await expect(confirmPassword(asOperator(operator), OPERATOR_PASSWORD)).resolves.toBeUndefined();
  });

  it.each([
    ["missing", undefined, "Enter your password to confirm this."],
    ["empty", "", "Enter your password to confirm this."],
    ["wrong", "Not-the-password-1", "That password is not right. Enter your own password to confirm this."],
    ["a number", 12345, "Enter your password to confirm this."],
    ["huge", "x".repeat(5000), "That password is not right. Enter your own password to confirm this."],
  ])("refuses a %s password with 403 and names the field", async (_what, password, message) => {
    const operator = await createSignedInOperator();
    await expect(confirmPassword(asOperator(operator), password)).rejects.toMatchObject({ status: 403, message, issues: [{ path: "password", message }] });
  });

  it("after ten wrong passwords answers 429 with a wait, even for the right one", async () => {
    const operator = await createSignedInOperator();
    for (let i = 0; i < 10; i += 1) await expect(confirmPassword(asOperator(operator), `Wrong-guess-${i}-x`)).rejects.toMatchObject({ status: 403 });
    const refused = confirmPassword(asOperator(operator), OPERATOR_PASSWORD);
    await expect(refused).rejects.toMatchObject({ status: 429, headers: { "Retry-After": expect.stringMatching(/^\d+$/) } });
  });
});

describe("the audit log", () => {
  it("keeps who, what, of what, before and after, newest first", async () => {
    const operator = await createSignedInOperator("ada.ops@example.test");
    const db = await getDb();
    await db.$transaction((tx) => recordAudit(tx, operator, { action: "edit", targetType: "handyman", targetId: 3, before: { price: 40 }, after: { price: 45 } }));
    await db.$transaction((tx) => recordAudit(tx, operator, { action: "suspend", targetType: "handyman", targetId: 3, before: { suspended: false }, after: { suspended: true } }));
    const entries = await listAudit();
    expect(entries.map((e) => e.action)).toEqual(["suspend", "edit"]);
    expect(entries[1]).toMatchObject({ actorId: operator.id, actorEmail: "ada.ops@example.test", targetType: "handyman", targetId: "3", before: { price: 40 }, after: { price: 45 } });
  });

  it("is written in the change's transaction: a change that fails leaves no entry", async () => {
    const operator = await createSignedInOperator();
    const db = await getDb();
    await expect(
      db.$transaction(async (tx) => {
        await recordAudit(tx, operator, { action: "edit", targetType: "handyman", targetId: 3 });
        throw new Error("the change itself failed");
      }),
    ).rejects.toThrow("the change itself failed");
    expect(await listAudit()).toEqual([]);
  });

  it("cannot be changed or deleted, even in SQL", async () => {
    const operator = await createSignedInOperator();
    const db = await getDb();
    await db.$transaction((tx) => recordAudit(tx, operator, { action: "publish", targetType: "job_opening", targetId: "x" }));
    await expect(withSql((sql) => sql.exec(`UPDATE "audit_log" SET "action" = 'nothing'`))).rejects.toThrow(/append-only/);
    await expect(withSql((sql) => sql.exec(`DELETE FROM "audit_log"`))).rejects.toThrow(/append-only/);
    expect((await listAudit()).map((e) => e.action)).toEqual(["publish"]);
  });
});
