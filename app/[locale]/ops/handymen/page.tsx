import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { PageNotice } from "@/components/auth/page-notice";
import { ConsoleList } from "@/components/ops/console-list";
import { CITY_OPTIONS, FilterSelect, TRADE_OPTIONS } from "@/components/ops/filter-select";
import { InviteForm } from "@/components/ops/handyman-forms";
import { Field, controlClassName } from "@/components/ui/field";
import { formatHourlyPrice, formatList } from "@/lib/format";
import { firstParam } from "@/lib/api/query";
import { requireOperator } from "@/lib/ops/access";
import { listRatingBases } from "@/lib/handymen/queries";
import { ratingWords } from "@/lib/handymen/rating";
import { getTranslator } from "@/lib/i18n/translator";
import { listRosterPage, parseRosterFilters, parseRosterPage, ROSTER_SEARCH_MAX, ROSTER_STATES, workDescription, type RosterState } from "@/lib/ops/handymen";
import { readAddress } from "@/lib/ops/list-address";
import { accountStateLabel, taskTypeLabel } from "@/lib/requests/words";

export const metadata: Metadata = { title: "Handymen" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const STATE_LABELS: Record<RosterState, string> = {
  no_account: "No account",
  invited: "Invited",
  active: "Active",
  suspended: "Suspended",
  paused: "Paused (not available now)",
  removed: "Profile removed",
};

const COLUMNS = ["Name", "Cities", "Trades", "Price", "Rating", "Available now", "Account"] as const;

const STATE_OPTIONS = ROSTER_STATES.map((state) => ({ value: state, label: STATE_LABELS[state] }));

export default async function OpsHandymenPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperator();
  const query = await searchParams;
  const { value: roster, problem, errors } = await readAddress(() => listRosterPage(operator, parseRosterFilters(query), parseRosterPage(operator, query)));
  const shown = { q: firstParam(query.q), city: firstParam(query.city), taskType: firstParam(query.taskType), state: firstParam(query.state) };
  const filtered = Object.values(shown).some(Boolean);
  // Each rating with the reviews it rests on ("4.7, starting rating", "4.4 (3 reviews)"), for this page's handymen only.
  const ratings = await listRatingBases((roster?.rows ?? []).map((h) => h.id));
  const jobWords = getTranslator("en", "job");
  // Only the handymen of this page: the form never lists the whole market (any handyman can be invited from their own page).
  const invitable = (roster?.rows ?? []).filter((h) => h.accountState === "no_account" && !h.removed).map((h) => ({ id: h.id, label: `${h.name} (#${h.id}), ${workDescription(h)}` }));
  return (
    <ConsoleList
      title="Handymen"
      lead="Everyone the matching rule can pick, and where their account stands, by name. Open a handyman to change the price or trades, to invite or to suspend them."
      intro={<PageNotice />}
      filters={{
        label: "Filter handymen",
        action: "/ops/handymen",
        hidden: { limit: firstParam(query.limit) },
        children: (
          <>
            <Field id="filter-q" label="Name starts with" error={errors.q}>
              {(control) => <input {...control} type="search" name="q" defaultValue={shown.q} maxLength={ROSTER_SEARCH_MAX} className={controlClassName} />}
            </Field>
            <FilterSelect id="filter-city" name="city" label="City" anyLabel="Any city" options={CITY_OPTIONS} value={shown.city} error={errors.city} />
            <FilterSelect id="filter-task-type" name="taskType" label="Trade" anyLabel="Any trade" options={TRADE_OPTIONS} value={shown.taskType} error={errors.taskType} />
            <FilterSelect id="filter-state" name="state" label="State" anyLabel="Any state" options={STATE_OPTIONS} value={shown.state} error={errors.state} />
          </>
        ),
      }}
      problem={problem ? { text: problem, restart: errors.cursor || errors.limit ? { href: "/ops/handymen", label: "Start from the first handymen" } : undefined } : null}
      summary={
        roster ? (
          <p role="status" data-testid="roster-total">
            {roster.total === 0
              ? filtered
                ? "No handyman matches these filters."
                : "There are no handymen yet."
              : `${roster.total} handym${roster.total === 1 ? "an" : "en"}${filtered ? ` match${roster.total === 1 ? "es" : ""}` : ""}, by name.`}
          </p>
        ) : null
      }
      table={
        roster
          ? {
              caption: "Handymen",
              columns: COLUMNS,
              rows: roster.rows.map((h) => (
                <tr key={h.id} data-testid="roster-row">
                  <td>
                    <Link href={`/ops/handymen/${h.id}`} prefetch={false}>
                      {h.name}
                    </Link>{" "}
                    <span>#{h.id}</span>
                  </td>
                  <td>{formatList(h.cities)}</td>
                  <td>{formatList(h.taskTypes.map((task) => taskTypeLabel(task)))}</td>
                  <td>{formatHourlyPrice(h.hourlyPrice)}</td>
                  <td>{ratingWords(ratings[h.id], "en", jobWords, "short")}</td>
                  <td>{h.available ? "Yes" : "No"}</td>
                  <td>
                    {accountStateLabel(h.accountState)}
                    {h.removed ? " (profile removed)" : ""}
                  </td>
                </tr>
              )),
            }
          : null
      }
      pager={roster ? { path: "/ops/handymen", query: { ...shown, limit: firstParam(query.limit) }, page: { next: roster.nextCursor, previous: roster.previousCursor } } : undefined}
    >
      {roster ? (
        <section aria-labelledby="invite-heading">
          <h2 id="invite-heading">Invite a handyman</h2>
          {invitable.length ? (
            <>
              <p>The handymen without an account on this page; open any handyman to invite them from their own page.</p>
              <InviteForm handymen={invitable} />
            </>
          ) : (
            <p>Nobody on this page is without an account; open a handyman to invite them from their own page.</p>
          )}
        </section>
      ) : null}
    </ConsoleList>
  );
}
