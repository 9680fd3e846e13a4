// Invoice numbers: one counter row per series (invoice_counters), taken in the transaction that writes the
// invoice. The row is created on first use (INSERT … ON CONFLICT DO NOTHING) and advanced with
// UPDATE … RETURNING, which holds the row until the transaction ends: two invoices never share a number,
// and a transaction that rolls back gives its number back, so the series has no gaps. Never max()+1 (two
// transactions would read the same maximum) and never a sequence (a rollback would leave a gap).
import "server-only";
import type { Prisma } from "../generated/prisma/client";

export async function takeInvoiceNumber(tx: Prisma.TransactionClient, series: string): Promise<number> {
  await tx.$executeRaw`INSERT INTO "invoice_counters" ("series", "last_number") VALUES (${series}, 0) ON CONFLICT ("series") DO NOTHING`;
  const [row] = await tx.$queryRaw<{ last_number: number }[]>`
    UPDATE "invoice_counters" SET "last_number" = "last_number" + 1 WHERE "series" = ${series} RETURNING "last_number"`;
  return Number(row.last_number);
}
