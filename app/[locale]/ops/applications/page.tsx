import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { PageNotice } from "@/components/auth/page-notice";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/ops/ops.module.css";
import { formatDateTime, formatHourlyPrice, formatList } from "@/lib/format";
import { decodeCursor, listApplications, type ApplicationPage, type ApplicationView } from "@/lib/handymen/applications";
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

function Table({ caption, page, nextHref }: { caption: string; page: ApplicationPage; nextHref: (cursor: string) => string }) {
  if (page.rows.length === 0) return <p>None.</p>;
  return (
    <>
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
            {page.rows.map((row) => (
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
      {page.next ? (
        <p>
          <Link href={nextHref(page.next)}>Next {caption.toLowerCase()}</Link>
        </p>
      ) : null}
    </>
  );
}

export default async function OpsApplicationsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireOperator();
  const params = await searchParams;
  const waitingCursor = decodeCursor(params.waiting);
  const decidedCursor = decodeCursor(params.decided);
  const [waiting, decided] = await Promise.all([listApplications("waiting", waitingCursor), listApplications("decided", decidedCursor)]);
  const keep = (name: "waiting" | "decided") => (typeof params[name] === "string" ? `&${name}=${encodeURIComponent(params[name] as string)}` : "");
  return (
    <>
      <PageHeader eyebrow="Operator console" title="Applications" lead="Professionals who applied to join. Waiting ones first, oldest first; open one to approve or reject it." />
      <div className={`container ${styles.section}`}>
        <PageNotice />
        <section aria-labelledby="waiting-heading">
          <h2 id="waiting-heading">Waiting</h2>
          <Table caption="Waiting applications" page={waiting} nextHref={(cursor) => `/ops/applications?waiting=${cursor}${keep("decided")}`} />
        </section>
        <section aria-labelledby="decided-heading">
          <h2 id="decided-heading">Decided</h2>
          <Table caption="Decided applications" page={decided} nextHref={(cursor) => `/ops/applications?decided=${cursor}${keep("waiting")}`} />
        </section>
      </div>
    </>
  );
}
