// Each person's choice per kind of event (./kinds.ts): mail, push, both or neither. No row means both on.
import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { DEFAULT_CHOICE, NOTIFICATION_KINDS, type ChannelChoice, type NotificationKind } from "./kinds";
import type { NotificationChoiceInput } from "../validations/notifications";

type Reader = Prisma.TransactionClient;

/** The account's choice for every kind (the defaults where it chose nothing). */
export async function getPreferences(userId: string, db?: Reader): Promise<Record<NotificationKind, ChannelChoice>> {
  const rows = await (db ?? (await getDb())).notificationPreference.findMany({ where: { userId }, select: { kind: true, mail: true, push: true } });
  const choices = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { ...DEFAULT_CHOICE }])) as Record<NotificationKind, ChannelChoice>;
  for (const row of rows) if (row.kind in choices) choices[row.kind as NotificationKind] = { mail: row.mail, push: row.push };
  return choices;
}

/** The account's choice for one kind, in the caller's transaction. */
export async function choiceFor(tx: Reader, userId: string, kind: NotificationKind): Promise<ChannelChoice> {
  const row = await tx.notificationPreference.findUnique({ where: { userId_kind: { userId, kind } }, select: { mail: true, push: true } });
  return row ?? DEFAULT_CHOICE;
}

/** Stores the choices given (validated already: every kind exists), all or none. */
export async function setPreferences(userId: string, choices: readonly NotificationChoiceInput[]): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    for (const { kind, mail, push } of choices) {
      await tx.notificationPreference.upsert({ where: { userId_kind: { userId, kind } }, create: { userId, kind, mail, push }, update: { mail, push } });
    }
  });
}
