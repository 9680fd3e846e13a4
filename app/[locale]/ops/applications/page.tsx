import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { PageNotice } from "@/components/auth/page-notice";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/ops/ops.module.css";
import { formatDateTime, formatHourlyPrice, formatList } from "@/lib/format";
import { listApplications, parseApplicationsCursor, type ApplicationList, type ApplicationView } from "@/lib/handymen/applications";
import { Alert } from "@/components/ui/alert";
import { Pager } from "@/components/ui/pager";
import { ApiError } from "@/lib/api/errors";
import type { Cursor } from "@/lib/paging/cursor";
import { requireOperator } from "@/lib/ops/access";
import { taskTypeLabel } from "@/lib/requests/words";

export const metadata: Metadata = { title: "Applications" };

const STAGE_LABELS: Record<ApplicationView["stage"], string> = {
  verify_address: "Address not confirmed yet",
  in_review: "Ready for review",
  approved: "Approved",
  rejected: "Rejected",
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The page the address's cursor names, or why it names none (a changed, cut or someone else's link). */
function cursorOf(read: () => Cursor | undefined): { cursor?: Cursor; problem?: string } {
  try {
    return { cursor: read() };
  } catch (error) {
    if (error instanceof ApiError) return { problem: error.message };
    throw error;
  }
}

function Table({ caption, rows }: { caption: string; rows: ApplicationView[] }) {
  if (rows.length === 0) return <p>None.</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Trades</th>
            <th scope="col">Cities</th>
            <th scope="col">Price</th>
            <th scope="col">Sent</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="application-row">
              <td>
                <Link href={`/ops/applications/${row.id}`}>{row.name}</Link>
              </td>
              <td>{formatList(row.taskTypes.map((task) => taskTypeLabel(task)))}</td>
              <td>{formatList(row.cities)}</td>
              <td>{formatHourlyPrice(row.hourlyPrice)}</td>
              <td>{formatDateTime(row.createdAt.toISOString())}</td>
              <td>{STAGE_LABELS[row.stage]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default async function OpsApplicationsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const params = await searchParams;
  const list: ApplicationList = params.list === "decided" ? "decided" : "waiting";
  const { cursor, problem } = cursorOf(() => parseApplicationsCursor(operator, list, params.cursor));
  const page = await listApplications(operator, list, cursor);
  return (
    <>
      <PageHeader eyebrow="Operator console" title="Applications" lead="Professionals who applied to join. The waiting ones come first, oldest first; open one to approve or reject it." />
      <div className={`container ${styles.section}`}>
        <PageNotice />
        <nav aria-label="Which applications">
          <p>
            {list === "waiting" ? <strong aria-current="page">Waiting</strong> : <Link href="/ops/applications">Waiting</Link>}
            {" · "}
            {list === "decided" ? <strong aria-current="page">Decided</strong> : <Link href="/ops/applications?list=decided">Decided</Link>}
          </p>
        </nav>
        {problem ? (
          <Alert tone="error">
            <p>{problem} The first page is shown.</p>
          </Alert>
        ) : null}
        <h2>{list === "waiting" ? "Waiting, oldest first" : "Decided, newest first"}</h2>
        <Table caption={list === "waiting" ? "Waiting applications" : "Decided applications"} rows={page.rows} />
        <Pager locale="en" path="/ops/applications" query={list === "decided" ? { list } : {}} page={page} />
      </div>
    </>
  );
}
