import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { ConsoleList } from "@/components/ops/console-list";
import { CITY_OPTIONS, FilterSelect, TRADE_OPTIONS } from "@/components/ops/filter-select";
import { Field, controlClassName } from "@/components/ui/field";
import styles from "@/components/ops/ops.module.css";
import { formatDate, formatDateTime } from "@/lib/format";
import { firstParam } from "@/lib/api/query";
import { requireOperator } from "@/lib/ops/access";
import { filterRequestsAction } from "@/lib/ops/requests-actions";
import { readAddress } from "@/lib/ops/list-address";
import { listRequests, parseOverviewPage, parseRequestFilters } from "@/lib/ops/requests";
import { consoleStateLabel, taskTypeLabel } from "@/lib/requests/words";
import { REQUEST_STATES } from "@/lib/requests/lifecycle";

export const metadata: Metadata = { title: "Requests" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const STATE_OPTIONS = REQUEST_STATES.map((state) => ({ value: state, label: consoleStateLabel(state) }));

export default async function OpsRequestsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const query = await searchParams;
  const { value: overview, problem, errors } = await readAddress(() => listRequests(operator, parseRequestFilters(query), parseOverviewPage(operator, query)));
  const shown = { state: firstParam(query.state), city: firstParam(query.city), taskType: firstParam(query.taskType), from: firstParam(query.from), to: firstParam(query.to) };
  return (
    <ConsoleList
      title="Requests"
      lead="Every repair request, newest first. Open one to see its timeline; the homeowner's address is shown only when you ask for it (each look is logged)."
      filters={{
        label: "Filter requests",
        action: filterRequestsAction,
        children: (
          <>
            <FilterSelect id="filter-state" name="state" label="State" anyLabel="Any state" options={STATE_OPTIONS} value={shown.state} error={errors.state} />
            <FilterSelect id="filter-city" name="city" label="City" anyLabel="Any city" options={CITY_OPTIONS} value={shown.city} error={errors.city} />
            <FilterSelect id="filter-task-type" name="taskType" label="Trade" anyLabel="Any trade" options={TRADE_OPTIONS} value={shown.taskType} error={errors.taskType} />
            <Field id="filter-from" label="Sent from" error={errors.from}>
              {(control) => <input {...control} type="date" name="from" defaultValue={shown.from} className={controlClassName} />}
            </Field>
            <Field id="filter-to" label="Sent until" error={errors.to}>
              {(control) => <input {...control} type="date" name="to" defaultValue={shown.to} className={controlClassName} />}
            </Field>
          </>
        ),
      }}
      problem={problem ? { text: problem, restart: errors.cursor || errors.limit ? { href: "/ops/requests", label: "Start from the newest requests" } : undefined } : null}
      summary={
        overview ? (
          <>
            <h2 className="visually-hidden">Requests per state</h2>
            <ul className={styles.counts} aria-label="Requests per state" data-testid="state-counts">
              {REQUEST_STATES.map((state) => (
                <li key={state}>
                  {consoleStateLabel(state)}: {overview.counts[state]}
                </li>
              ))}
            </ul>
            <p role="status">
              {overview.total === 0
                ? "No request matches these filters."
                : `${overview.total} request${overview.total === 1 ? "" : "s"} match${overview.total === 1 ? "es" : ""}, newest first.`}
            </p>
          </>
        ) : null
      }
      table={
        overview
          ? {
              caption: "Requests",
              columns: ["Sent", "State", "Trade", "City", "For", "Handyman"],
              rows: overview.rows.map((row) => (
                <tr key={row.id} data-testid="request-row">
                  <td>
                    <Link href={`/ops/requests/${row.id}`} prefetch={false}>
                      <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                    </Link>
                  </td>
                  <td data-testid="request-state">{consoleStateLabel(row.state)}</td>
                  <td>{taskTypeLabel(row.taskType)}</td>
                  <td>{row.city}</td>
                  <td>{formatDate(row.date)}</td>
                  <td>{row.handyman ?? "—"}</td>
                </tr>
              )),
            }
          : null
      }
      pager={overview ? { path: "/ops/requests", query: { ...shown, limit: firstParam(query.limit) }, page: { next: overview.nextCursor, previous: overview.previousCursor } } : undefined}
    />
  );
}
