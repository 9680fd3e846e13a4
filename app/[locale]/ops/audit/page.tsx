import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { ConsoleList } from "@/components/ops/console-list";
import styles from "@/components/ops/ops.module.css";
import { formatDateTime } from "@/lib/format";
import { requireOperator } from "@/lib/ops/access";
import { getTranslator } from "@/lib/i18n/translator";
import { listAuditPage, parseAuditCursor, PERSON_ID_KEYS, type AuditEntryView } from "@/lib/ops/audit";
import { readAddress } from "@/lib/ops/list-address";

export const metadata: Metadata = { title: "Audit log" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const TARGET_TYPES = new Set(["job_opening", "handyman", "request", "user", "application"]);

/** `?targetType=handyman&targetId=34`: one record's history; values that could name nothing are ignored. */
function targetOf(params: Record<string, string | string[] | undefined>): { targetType?: string; targetId?: string } {
  const { targetType, targetId } = params;
  if (typeof targetType !== "string" || !TARGET_TYPES.has(targetType)) return {};
  return typeof targetId === "string" && /^[A-Za-z0-9-]{1,64}$/.test(targetId) ? { targetType, targetId } : { targetType };
}

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span aria-label="nothing">—</span>;
  return <pre className={styles.json}>{JSON.stringify(value, null, 2)}</pre>;
}

/** A record with the address of each account it names beside the id (looked up now; "deleted account" once erased). */
function withAddresses(record: unknown, entry: AuditEntryView, deleted: string): unknown {
  if (typeof record !== "object" || record === null || Array.isArray(record)) return record;
  const shown: Record<string, unknown> = { ...record };
  for (const key of PERSON_ID_KEYS) {
    const id = shown[key];
    if (typeof id === "string" && id in entry.emails) shown[key.replace(/Id$/, "")] = entry.emails[id] ?? deleted;
  }
  return shown;
}

const COLUMNS = ["When", "Who", "What", "Of", "Before", "After"] as const;

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const params = await searchParams;
  const target = targetOf(params);
  const { value: cursor, problem } = await readAddress(() => parseAuditCursor(operator, params.cursor));
  const page = await listAuditPage(operator, cursor, target);
  const deleted = getTranslator("en", "ops")("audit.deletedAccount");
  return (
    <ConsoleList
      title="Audit log"
      lead="Every change made in the console, newest first. Entries are never changed or removed."
      intro={
        target.targetType ? (
          <p>
            Showing the history of {target.targetType.replace("_", " ")} {target.targetId ?? "(all)"}. <Link href="/ops/audit">Show every entry</Link>
          </p>
        ) : null
      }
      problem={problem ? { text: `${problem} The newest entries are shown.` } : null}
      table={{
        caption: "Changes made by operators",
        columns: COLUMNS,
        empty: "Nothing has been changed in the console yet.",
        rows: page.rows.map((entry) => (
          <tr key={entry.id}>
            <td>
              <time dateTime={entry.createdAt.toISOString()}>{formatDateTime(entry.createdAt.toISOString())}</time>
            </td>
            <td>{entry.actorEmail ?? deleted}</td>
            <td>{entry.action}</td>
            <td>
              {entry.targetType} {entry.targetId}
              {entry.targetType === "user" ? ` (${entry.emails[entry.targetId] ?? deleted})` : ""}
            </td>
            <td>
              <Json value={withAddresses(entry.before, entry, deleted)} />
            </td>
            <td>
              <Json value={withAddresses(entry.after, entry, deleted)} />
            </td>
          </tr>
        )),
      }}
      pager={{ path: "/ops/audit", query: target, page }}
    />
  );
}
