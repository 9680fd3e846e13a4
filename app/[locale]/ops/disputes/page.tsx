import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { ConsoleList } from "@/components/ops/console-list";
import { formatDateTime, formatPrice } from "@/lib/format";
import { firstParam } from "@/lib/api/query";
import { requireOperator } from "@/lib/ops/access";
import { readAddress } from "@/lib/ops/list-address";
import { listDisputes, parseDisputesQuery } from "@/lib/ops/disputes";
import { taskTypeLabel } from "@/lib/requests/words";

export const metadata: Metadata = { title: "Disputes" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const STATE = { open: "Open", decided: "Decided", withdrawn: "Withdrawn (confirmed by the homeowner)" } as const;

/** Problems homeowners reported with finished jobs, oldest first: the queue is worked from its oldest end. */
export default async function OpsDisputesPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const query = await searchParams;
  const { value: page, problem } = await readAddress(() => listDisputes(operator, parseDisputesQuery(operator, query)));
  const show = firstParam(query.show) === "all" ? "all" : "open";
  return (
    <ConsoleList
      title="Disputes"
      lead="Problems homeowners reported with finished jobs, oldest first. The job's money stays held until you decide, or the homeowner confirms the job after all."
      intro={
        <p>
          {show === "open" ? <Link href="/ops/disputes?show=all">Show decided and withdrawn disputes too</Link> : <Link href="/ops/disputes">Show open disputes only</Link>}
        </p>
      }
      problem={problem ? { text: problem, restart: { href: "/ops/disputes", label: "Start from the oldest dispute" } } : null}
      summary={page && page.rows.length === 0 ? <p role="status">{show === "open" ? "No dispute is open." : "No dispute yet."}</p> : null}
      table={
        page
          ? {
              caption: "Disputes",
              columns: ["Opened", "State", "Job", "Handyman", "Held"],
              rows: page.rows.map((row) => (
                <tr key={row.id} data-testid="dispute-row">
                  <td>
                    <Link href={`/ops/disputes/${row.id}`} prefetch={false}>
                      <time dateTime={row.openedAt}>{formatDateTime(row.openedAt)}</time>
                    </Link>
                    {row.overdue ? <strong> (open over 30 days)</strong> : null}
                  </td>
                  <td>{STATE[row.state]}</td>
                  <td>
                    {taskTypeLabel(row.taskType)} in {row.city}
                  </td>
                  <td>{row.handyman}</td>
                  <td>{formatPrice(row.heldCents / 100)}</td>
                </tr>
              )),
            }
          : null
      }
      pager={page ? { path: "/ops/disputes", query: { show: show === "all" ? "all" : undefined }, page: { next: page.nextCursor, previous: page.previousCursor } } : undefined}
    />
  );
}
