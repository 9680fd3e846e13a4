// The one frame of the console's list pages (applications, audit, requests, handymen): the header band,
// an optional filter form, why the address could not be used (a bad filter or cursor, never a 500), a
// line saying what is shown, the table (or what to say when it is empty) and the pager under it. Each
// page brings its own columns and rows; the frame is the same everywhere. The console speaks English.
import type { ReactNode } from "react";
import type { Locale } from "@/i18n/locales";
import { Link } from "@/components/i18n/link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { Pager, type PagerProps } from "@/components/ui/pager";
import styles from "./ops.module.css";

export type ConsoleListFilters = {
  /** The form's accessible name, e.g. "Filter handymen". */
  label: string;
  /** A path: a GET form (the filters go in the address, no JavaScript needed); or a server action that redirects to one. */
  action: string | ((form: FormData) => Promise<void>);
  /** The fields; the frame adds the submit button. */
  children: ReactNode;
  /** Kept as they are by every submission, e.g. the address's page size (empty ones are left out). */
  hidden?: Record<string, string>;
};

export type ConsoleListProblem = {
  text: string;
  /** A way out, e.g. back to the first page without the bad cursor. */
  restart?: { href: string; label: string };
};

export type ConsoleListTable = {
  caption: string;
  columns: readonly string[];
  /** The table's rows (<tr> elements). */
  rows: ReactNode[];
  /** Said instead of the table when there are no rows (nothing when the summary already says it). */
  empty?: ReactNode;
};

export type ConsoleListProps = {
  /** The language of a list that speaks the page's language (the money view); the rest of the console speaks English. */
  locale?: Locale;
  /** The band's eyebrow and the filter button's words in that language. */
  eyebrow?: string;
  submitLabel?: string;
  title: string;
  lead: string;
  /** Above the filters: notices, a choice of list. */
  intro?: ReactNode;
  filters?: ConsoleListFilters;
  problem?: ConsoleListProblem | null;
  /** Above the table: counts, a line saying what is shown. */
  summary?: ReactNode;
  /** Null when nothing could be read (a bad filter): no table and no pager. */
  table: ConsoleListTable | null;
  pager?: Omit<PagerProps, "locale">;
  /** After the pager: forms that act on the page. */
  children?: ReactNode;
};

function HiddenFields({ values = {} }: { values?: Record<string, string> }) {
  return Object.entries(values)
    .filter(([, value]) => value)
    .map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

export function ConsoleList({ locale = "en", eyebrow = "Operator console", submitLabel = "Show", title, lead, intro, filters, problem, summary, table, pager, children }: ConsoleListProps) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} lead={lead} />
      <div className={`container ${styles.section}`}>
        {intro}
        {filters ? (
          // A path is asked for with GET (the filters go in the address); a server action is posted.
          <form action={filters.action} method={typeof filters.action === "string" ? "get" : undefined} className={styles.filters} aria-label={filters.label}>
            <HiddenFields values={filters.hidden} />
            {filters.children}
            <Button type="submit">{submitLabel}</Button>
          </form>
        ) : null}
        {problem ? (
          <Alert tone="error">
            <p>{problem.text}</p>
            {problem.restart ? (
              <p>
                <Link href={problem.restart.href} prefetch={false}>
                  {problem.restart.label}
                </Link>
              </p>
            ) : null}
          </Alert>
        ) : null}
        {table ? (
          <>
            {summary}
            {table.rows.length === 0 ? (
              table.empty ? <p>{table.empty}</p> : null
            ) : (
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <caption className="visually-hidden">{table.caption}</caption>
                  <thead>
                    <tr>
                      {table.columns.map((column) => (
                        <th key={column} scope="col">
                          {column}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>{table.rows}</tbody>
                </table>
              </div>
            )}
            {pager ? <Pager locale={locale} {...pager} /> : null}
          </>
        ) : null}
        {children}
      </div>
    </>
  );
}
