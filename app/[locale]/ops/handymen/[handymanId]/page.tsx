import type { Metadata } from "next";
import { Link } from "@/components/i18n/link";
import { notFound } from "next/navigation";
import { PageNotice } from "@/components/auth/page-notice";
import { EditHandymanForm, InviteForm, SuspendForm, UnsuspendForm } from "@/components/ops/handyman-forms";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/ops/ops.module.css";
import lifeStyles from "@/components/requests/request-life.module.css";
import { formatHourlyPrice } from "@/lib/format";
import { requireOperator } from "@/lib/ops/access";
import { listRatingBases } from "@/lib/handymen/queries";
import { ratingWords } from "@/lib/handymen/rating";
import { getTranslator } from "@/lib/i18n/translator";
import { getRosterEntry, handymanIdSchema, workDescription, type RosterEntry } from "@/lib/ops/handymen";
import { accountStateLabel } from "@/lib/requests/words";
import { ApiError } from "@/lib/api/errors";

export const metadata: Metadata = { title: "Handyman" };

type Params = Promise<{ handymanId: string }>;

async function load(raw: string): Promise<RosterEntry> {
  const id = handymanIdSchema.safeParse(raw);
  if (!id.success) notFound();
  try {
    return await getRosterEntry(id.data);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function OpsHandymanPage({ params }: { params: Params }) {
  await requireOperator();
  const handyman = await load((await params).handymanId);
  const rating = (await listRatingBases([handyman.id]))[handyman.id];
  return (
    <>
      <PageHeader
        eyebrow="Operator console"
        back={<Link href="/ops/handymen">All handymen</Link>}
        title={handyman.name}
        lead={`${workDescription(handyman)}, handyman #${handyman.id}.`}
      />
      <div className={`container ${styles.section}`}>
        <PageNotice />
        <p>
          <Link href={`/ops/audit?targetType=handyman&targetId=${handyman.id}`}>This handyman&rsquo;s history in the audit log</Link>
        </p>
        <dl className={lifeStyles.facts}>
          <dt>Account</dt>
          <dd data-testid="account-state">{accountStateLabel(handyman.accountState)}</dd>
          <dt>Email</dt>
          <dd>{handyman.email ?? "None yet"}</dd>
          <dt>Price</dt>
          <dd>{formatHourlyPrice(handyman.hourlyPrice)}</dd>
          <dt>Rating</dt>
          <dd data-testid="handyman-rating">{ratingWords(rating, "en", getTranslator("en", "job"))}</dd>
          <dt>Available now</dt>
          <dd>{handyman.available ? "Yes" : "No"}</dd>
        </dl>

        {handyman.accountState === "no_account" ? (
          <section aria-labelledby="invite-heading">
            <h2 id="invite-heading">Invite</h2>
            <InviteForm fixed={{ id: handyman.id, label: handyman.name }} />
          </section>
        ) : null}

        <section aria-labelledby="edit-heading">
          <h2 id="edit-heading">Hourly price and trades</h2>
          <EditHandymanForm id={handyman.id} hourlyPrice={handyman.hourlyPrice} taskTypes={handyman.taskTypes} />
        </section>

        <section aria-labelledby="suspend-heading">
          <h2 id="suspend-heading">{handyman.suspended ? "Suspended" : "Suspend"}</h2>
          {handyman.suspended ? (
            <>
              <p>{handyman.name} is suspended: the matching rule does not see them and nothing is offered to them.</p>
              <UnsuspendForm id={handyman.id} name={handyman.name} />
            </>
          ) : (
            <SuspendForm id={handyman.id} name={handyman.name} />
          )}
        </section>
      </div>
    </>
  );
}
