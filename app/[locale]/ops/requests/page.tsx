import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, controlClassName } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/ops/ops.module.css";
import { ApiError } from "@/lib/api/errors";
import { formatDate, formatDateTime } from "@/lib/format";
import { requireOperator } from "@/lib/ops/access";
import { filterRequestsAction } from "@/lib/ops/requests-actions";
import { listRequests, parseOverviewPage, parseRequestFilters, type RequestsOverview } from "@/lib/ops/requests";
import { Pager } from "@/components/ui/pager";
import type { Operator } from "@/lib/ops/access";
import { consoleStateLabel, taskTypeLabel } from "@/lib/requests/words";
import { CITIES, TASK_TYPES } from "@/lib/requests/catalogue";
import { REQUEST_STATES } from "@/lib/requests/lifecycle";
import { fieldErrorsOf, type FieldErrors } from "@/lib/validations/field-errors";

export const metadata: Metadata = { title: "Requests" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/** The overview for the address's filters and page, or why they cannot be used (never a 500 for a bad value). */
async function load(operator: Operator, query: Record<string, string | string[] | undefined>): Promise<{ overview: RequestsOverview | null; problem: string | null; errors: FieldErrors }> {
  try {
    return { overview: await listRequests(operator, parseRequestFilters(query), parseOverviewPage(operator, query)), problem: null, errors: {} };
  } catch (error) {
    if (error instanceof ApiError && (error.code === "validation_failed" || error.code === "bad_request")) return { overview: null, problem: error.message, errors: fieldErrorsOf(error.issues ?? []) };
    throw error;
  }
}

export default async function OpsRequestsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const query = await searchParams;
  const { overview, problem, errors } = await load(operator, query);
  const shown = { state: first(query.state), city: first(query.city), taskType: first(query.taskType), from: first(query.from), to: first(query.to) };
  return (
    <>
      <PageHeader eyebrow="Operator console" title="Requests" lead="Every repair request, newest first. Open one to see its timeline; the homeowner's address is shown only when you ask for it (each look is logged)." />
      <div className={`container ${styles.section}`}>
        <form action={filterRequestsAction} className={styles.filters} aria-label="Filter requests">
          <Field id="filter-state" label="State" error={errors.state}>
            {(control) => (
              <select {...control} name="state" defaultValue={shown.state} className={controlClassName}>
                <option value="">Any state</option>
                {REQUEST_STATES.map((state) => (
                  <option key={state} value={state}>
                    {consoleStateLabel(state)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="filter-city" label="City" error={errors.city}>
            {(control) => (
              <select {...control} name="city" defaultValue={shown.city} className={controlClassName}>
                <option value="">Any city</option>
                {CITIES.map((city) => (
                  <option key={city} value={city}>
                    {city}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="filter-task-type" label="Trade" error={errors.taskType}>
            {(control) => (
              <select {...control} name="taskType" defaultValue={shown.taskType} className={controlClassName}>
                <option value="">Any trade</option>
                {TASK_TYPES.map((task) => (
                  <option key={task} value={task}>
                    {taskTypeLabel(task)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="filter-from" label="Sent from" error={errors.from}>
            {(control) => <input {...control} type="date" name="from" defaultValue={shown.from} className={controlClassName} />}
          </Field>
          <Field id="filter-to" label="Sent until" error={errors.to}>
            {(control) => <input {...control} type="date" name="to" defaultValue={shown.to} className={controlClassName} />}
          </Field>
          <Button type="submit">Show</Button>
        </form>

        {problem ? (
          <Alert tone="error">
            <p>{problem}</p>
            {errors.cursor || errors.limit ? (
              <p>
                <Link href="/ops/requests" prefetch={false}>
                  Start from the newest requests
                </Link>
              </p>
            ) : null}
          </Alert>
        ) : null}

        {overview ? (
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
            {overview.rows.length ? (
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <caption className="visually-hidden">Requests</caption>
                  <thead>
                    <tr>
                      <th scope="col">Sent</th>
                      <th scope="col">State</th>
                      <th scope="col">Trade</th>
                      <th scope="col">City</th>
                      <th scope="col">For</th>
                      <th scope="col">Handyman</th>
                    </tr>
                  </thead>
                  <tbody>
                    {overview.rows.map((row) => (
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
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            <Pager locale="en" path="/ops/requests" query={{ ...shown, limit: first(query.limit) }} page={{ next: overview.nextCursor, previous: overview.previousCursor }} />
          </>
        ) : null}
      </div>
    </>
  );
}
