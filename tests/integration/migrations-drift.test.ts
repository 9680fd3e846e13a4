// The hand-written SQL migrations must create every model and field of prisma/schema.prisma.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrate } from "../../lib/db/migrate";
import { withEmptyDatabase } from "../helpers/db";

type SchemaField = { name: string; column: string; type: string; list: boolean; optional: boolean };
type SchemaModel = { name: string; table: string; fields: SchemaField[] };
type SchemaEnum = { name: string; dbName: string; values: string[] };

const SCALARS = new Set(["String", "Int", "BigInt", "Float", "Decimal", "Boolean", "DateTime", "Json", "Bytes"]);

function parseSchema(source: string): { models: SchemaModel[]; enums: SchemaEnum[] } {
  const enums: SchemaEnum[] = [];
  for (const match of source.matchAll(/^enum\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const body = match[2];
    const dbName = body.match(/@@map\("([^"]+)"\)/)?.[1] ?? match[1];
    const values = body
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("@@") && !line.startsWith("//"))
      .map((line) => line.match(/@map\("([^"]+)"\)/)?.[1] ?? line.split(/\s+/)[0]);
    enums.push({ name: match[1], dbName, values });
  }
  const enumNames = new Set(enums.map((e) => e.name));
  const models: SchemaModel[] = [];
  for (const match of source.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const body = match[2];
    const table = body.match(/@@map\("([^"]+)"\)/)?.[1] ?? match[1];
    const fields: SchemaField[] = [];
    for (const raw of body.split("\n")) {
      const line = raw.trim();
      if (!line || line.startsWith("@@") || line.startsWith("//")) continue;
      const [name, typeToken] = line.split(/\s+/);
      const type = typeToken.replace(/[?[\]]/g, "");
      if (!SCALARS.has(type) && !enumNames.has(type)) continue; // relation fields (lists of models too)
      const list = typeToken.endsWith("[]");
      fields.push({
        name,
        column: line.match(/@map\("([^"]+)"\)/)?.[1] ?? name,
        type,
        list,
        optional: typeToken.endsWith("?"),
      });
    }
    models.push({ name: match[1], table, fields });
  }
  return { models, enums };
}

const schema = parseSchema(readFileSync(path.join(process.cwd(), "prisma", "schema.prisma"), "utf8"));

describe("migrations match schema.prisma", () => {
  it("finds the models and enums it is meant to check", () => {
    expect(schema.models.map((m) => m.table).sort()).toEqual(
      ["account_tokens", "audit_log", "disputes", "handyman_applications", "handyman_days_off", "handyman_offerings", "handyman_work_days", "handymen", "inputs", "invoice_counters", "invoices", "job_arrivals", "job_opening_translations", "job_openings", "job_withdrawals", "ledger_entries", "mail_outbox", "message_threads", "no_shows", "notification_preferences", "offers", "payment_transfers", "payments", "photo_object_deletions", "photo_reservations", "push_outbox", "push_subscriptions", "quote_lines", "quotes", "request_cancellations", "request_events", "request_photos", "reviews", "sessions", "thread_messages", "users"],
    );
    expect(schema.enums.map((e) => e.dbName).sort()).toEqual(
      ["account_token_purpose", "actor_role", "application_status", "city", "criteria", "dispute_decision", "dispute_state", "invoice_kind", "job_opening_status", "ledger_kind", "offer_status", "payment_status", "photo_part", "quote_line_kind", "quote_status", "request_state", "rich_text_format", "task_type", "transfer_kind", "transfer_state", "user_role"],
    );
  });

  it("creates every model as a table and every field as a column with the schema's nullability", async () => {
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        await migrate(sql);
        const columns = await sql.query<{ table_name: string; column_name: string; is_nullable: string; udt_name: string }>(
          `SELECT table_name, column_name, is_nullable, udt_name FROM information_schema.columns WHERE table_schema = current_schema()`,
        );
        const byTable = new Map<string, Map<string, { nullable: boolean; udt: string }>>();
        for (const c of columns) {
          if (!byTable.has(c.table_name)) byTable.set(c.table_name, new Map());
          byTable.get(c.table_name)!.set(c.column_name, { nullable: c.is_nullable === "YES", udt: c.udt_name });
        }
        const problems: string[] = [];
        for (const model of schema.models) {
          const table = byTable.get(model.table);
          if (!table) {
            problems.push(`table ${model.table} (model ${model.name}) is missing`);
            continue;
          }
          for (const field of model.fields) {
            const column = table.get(field.column);
            if (!column) problems.push(`column ${model.table}.${field.column} (${model.name}.${field.name}) is missing`);
            else if (column.nullable !== field.optional)
              problems.push(`column ${model.table}.${field.column} nullable=${column.nullable}, schema optional=${field.optional}`);
            const enumType = schema.enums.find((e) => e.name === field.type);
            // A list column's type is the element type's array type, which PostgreSQL names with a leading "_".
            const expectedUdt = enumType && (field.list ? `_${enumType.dbName}` : enumType.dbName);
            if (column && expectedUdt && column.udt !== expectedUdt)
              problems.push(`column ${model.table}.${field.column} has type ${column.udt}, expected enum ${expectedUdt}`);
          }
        }
        expect(problems).toEqual([]);
      });
    });
  });

  it("leaves no column in a model's table that the schema does not name (nothing written and never read)", async () => {
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        await migrate(sql);
        const columns = await sql.query<{ table_name: string; column_name: string }>(
          `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
        );
        const extra = columns
          .filter((c) => {
            const model = schema.models.find((m) => m.table === c.table_name);
            return model !== undefined && !model.fields.some((f) => f.column === c.column_name);
          })
          .map((c) => `${c.table_name}.${c.column_name}`);
        expect(extra).toEqual([]);
      });
    });
  });

  it("creates every enum with exactly the schema's values", async () => {
    await withEmptyDatabase(async (connection) => {
      await connection.withSql(async (sql) => {
        await migrate(sql);
        for (const enumType of schema.enums) {
          const rows = await sql.query<{ label: string }>(
            `SELECT e.enumlabel AS label FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid WHERE t.typname = $1 ORDER BY e.enumsortorder`,
            [enumType.dbName],
          );
          expect(rows.map((r) => r.label), enumType.dbName).toEqual(enumType.values);
        }
      });
    });
  });
});
