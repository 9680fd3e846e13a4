import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { PageNotice } from "@/components/auth/page-notice";
import { InviteForm } from "@/components/ops/handyman-forms";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/ops/ops.module.css";
import { formatHourlyPrice, formatList, formatRating } from "@/lib/format";
import { requireOperator } from "@/lib/ops/access";
import { listRoster, workDescription } from "@/lib/ops/handymen";
import { accountStateLabel, taskTypeLabel } from "@/lib/requests/words";

export const metadata: Metadata = { title: "Handymen" };

export default async function OpsHandymenPage() {
  await requireOperator();
  const roster = await listRoster();
  const invitable = roster.filter((h) => h.accountState === "no_account").map((h) => ({ id: h.id, label: `${h.name} (#${h.id}), ${workDescription(h)}` }));
  return (
    <>
      <PageHeader eyebrow="Operator console" title="Handymen" lead="Everyone the matching rule can pick, and where their account stands. Open a handyman to change the price or trades, or to suspend them." />
      <div className={`container ${styles.section}`}>
        <PageNotice />
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Handymen</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Cities</th>
                <th scope="col">Trades</th>
                <th scope="col">Price</th>
                <th scope="col">Rating</th>
                <th scope="col">Available now</th>
                <th scope="col">Account</th>
              </tr>
            </thead>
            <tbody>
              {roster.map((h) => (
                <tr key={h.id} data-testid="roster-row">
                  <td>
                    <Link href={`/ops/handymen/${h.id}`}>{h.name}</Link> <span>#{h.id}</span>
                  </td>
                  <td>{formatList(h.cities)}</td>
                  <td>{formatList(h.taskTypes.map((task) => taskTypeLabel(task)))}</td>
                  <td>{formatHourlyPrice(h.hourlyPrice)}</td>
                  <td>{h.rating === null ? "New" : formatRating(h.rating)}</td>
                  <td>{h.available ? "Yes" : "No"}</td>
                  <td>{accountStateLabel(h.accountState)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <section aria-labelledby="invite-heading">
          <h2 id="invite-heading">Invite a handyman</h2>
          {invitable.length ? <InviteForm handymen={invitable} /> : <p>Every handyman has an account.</p>}
        </section>
      </div>
    </>
  );
}
