import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/ops/ops.module.css";
import { formatDateTime } from "@/lib/format";
import { requireOperator } from "@/lib/ops/access";
import { getTranslator } from "@/lib/i18n/translator";
import { listAuditPage, parseAuditCursor, PERSON_ID_KEYS, type AuditEntryView } from "@/lib/ops/audit";
import { Alert } from "@/components/ui/alert";
import { Pager } from "@/components/ui/pager";
import { ApiError } from "@/lib/api/errors";
import type { Cursor } from "@/lib/paging/cursor";

export const metadata: Metadata = { title: "Audit log" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const TARGET_TYPES = new Set(["job_opening", "handyman", "request", "user", "application"]);

/** `?targetType=handyman&targetId=34`: one record's history; values that could name nothing are ignored. */
function targetOf(params: Record<string, string | string[] | undefined>): { targetType?: string; targetId?: string } {
  const { targetType, targetId } = params;
  if (typeof targetType !== "string" || !TARGET_TYPES.has(targetType)) return {};
  return typeof targetId === "string" && /^[A-Za-z0-9-]{1,64}$/.test(targetId) ? { targetType, targetId } : { targetType };
}

/** The page the address's cursor names, or why it names none (a changed, cut or someone else's link). */
function cursorOf(read: () => Cursor | undefined): { cursor?: Cursor; problem?: string } {
  try {
    return { cursor: read() };
  } catch (error) {
    if (error instanceof ApiError) return { problem: error.message };
    throw error;
  }
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

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const params = await searchParams;
  const target = targetOf(params);
  const { cursor, problem } = cursorOf(() => parseAuditCursor(operator, params.cursor));
  const page = await listAuditPage(operator, cursor, target);
  const entries = page.rows;
  const deleted = getTranslator("en", "ops")("audit.deletedAccount");
  return (
    <>
      <PageHeader eyebrow="Operator console" title="Audit log" lead="Every change made in the console, newest first. Entries are never changed or removed." />
      <div className={`container ${styles.section}`}>
        {target.targetType ? (
          <p>
            Showing the history of {target.targetType.replace("_", " ")} {target.targetId ?? "(all)"}. <Link href="/ops/audit">Show every entry</Link>
          </p>
        ) : null}
        {problem ? (
          <Alert tone="error">
            <p>{problem} The newest entries are shown.</p>
          </Alert>
        ) : null}
        {entries.length === 0 ? (
          <p>Nothing has been changed in the console yet.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">Changes made by operators</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Of</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
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
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager locale="en" path="/ops/audit" query={target} page={page} />
      </div>
    </>
  );
}
