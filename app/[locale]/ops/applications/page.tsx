import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { PageNotice } from "@/components/auth/page-notice";
import { ConsoleList } from "@/components/ops/console-list";
import { formatDateTime, formatHourlyPrice, formatList } from "@/lib/format";
import { listApplications, parseApplicationsCursor, type ApplicationList, type ApplicationView } from "@/lib/handymen/applications";
import { readAddress } from "@/lib/ops/list-address";
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

const COLUMNS = ["Name", "Trades", "Cities", "Price", "Sent", "State"] as const;

export default async function OpsApplicationsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const params = await searchParams;
  const list: ApplicationList = params.list === "decided" ? "decided" : "waiting";
  const { value: cursor, problem } = await readAddress(() => parseApplicationsCursor(operator, list, params.cursor));
  const page = await listApplications(operator, list, cursor);
  return (
    <ConsoleList
      title="Applications"
      lead="Professionals who applied to join. The waiting ones come first, oldest first; open one to approve or reject it."
      intro={
        <>
          <PageNotice />
          <nav aria-label="Which applications">
            <p>
              {list === "waiting" ? <strong aria-current="page">Waiting</strong> : <Link href="/ops/applications">Waiting</Link>}
              {" · "}
              {list === "decided" ? <strong aria-current="page">Decided</strong> : <Link href="/ops/applications?list=decided">Decided</Link>}
            </p>
          </nav>
        </>
      }
      problem={problem ? { text: `${problem} The first page is shown.` } : null}
      summary={<h2>{list === "waiting" ? "Waiting, oldest first" : "Decided, newest first"}</h2>}
      table={{
        caption: list === "waiting" ? "Waiting applications" : "Decided applications",
        columns: COLUMNS,
        empty: "None.",
        rows: page.rows.map((row: ApplicationView) => (
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
        )),
      }}
      pager={{ path: "/ops/applications", query: list === "decided" ? { list } : {}, page }}
    />
  );
}
