// The join page promises handymen the day commission starts, in advance: a daily sweep
// (./worker.ts) mails every handyman with an account, once per start date (COMMISSION_FROM), while that
// day is still ahead. The handymen row is the record of truth: commission_announced_for is set in the
// transaction that queues the mail, by a conditional update, so a sweep that runs twice, late or on two
// workers mails nobody twice, and a new date gets a notice of its own. Handymen are read in batches by
// id, so the market's size never sits in memory at once.
import "server-only";
import { company, supportContact } from "../content/site";
import { getDb } from "../db";
import { isLocale, type Locale } from "../../i18n/locales";
import { getTranslator } from "../i18n/translator";
import { composeMail, pageLink, queueMail, type MailMessage } from "../mail";
import { AfterCommit } from "../queue/after-commit";
import { commissionRule, commissionWords, type CommissionRule } from "./commission";

/** How many handymen one read of the sweep takes. */
export const NOTICE_BATCH = 200;

/** The notice: from which day, how much of what, and that earlier quotes carry none. */
export function commissionNoticeMessage({ to, locale, rule }: { to: string; locale: Locale; rule: CommissionRule }): MailMessage {
  const t = getTranslator(locale, "pro");
  const { percent, from } = commissionWords(locale, rule);
  return composeMail({
    to,
    locale,
    subject: t("commissionMail.subject", { company: company.name, from }),
    paragraphs: [t("commissionMail.intro", { company: company.name, percent, from }), t("commissionMail.before", { from })],
    action: { label: t("commissionMail.action"), url: pageLink(locale, "/pro") },
    after: [t("commissionMail.contact", { email: supportContact.email })],
  });
}

/** Mails the start date to every handyman not yet told of it, while it is ahead. Returns who was mailed. */
export async function announceCommission(now = new Date(), rule: CommissionRule = commissionRule()): Promise<number[]> {
  if (rule.from <= now || rule.percent === 0) return [];
  const db = await getDb();
  const day = new Date(`${rule.from.toISOString().slice(0, 10)}T00:00:00.000Z`);
  const announced: number[] = [];
  for (let last = 0; ; ) {
    const batch = await db.handyman.findMany({
      where: {
        id: { gt: last },
        removedAt: null,
        user: { role: "handyman" },
        OR: [{ commissionAnnouncedFor: null }, { commissionAnnouncedFor: { not: day } }],
      },
      orderBy: { id: "asc" },
      take: NOTICE_BATCH,
      select: { id: true, user: { select: { email: true, locale: true } } },
    });
    for (const handyman of batch) {
      if (!handyman.user) continue;
      const { email, locale } = handyman.user;
      const after = new AfterCommit();
      const sent = await db.$transaction(async (tx) => {
        // Claimed by the update: a second sweep, at the same time or later, finds it done.
        const claimed = await tx.$queryRaw<{ id: number }[]>`
          UPDATE "handymen" SET "commission_announced_for" = ${day}::date
           WHERE "id" = ${handyman.id} AND "commission_announced_for" IS DISTINCT FROM ${day}::date
          RETURNING "id"`;
        if (claimed.length === 0) return false;
        await queueMail(tx, after, commissionNoticeMessage({ to: email, locale: isLocale(locale) ? locale : "en", rule }));
        return true;
      });
      await after.run();
      if (sent) announced.push(handyman.id);
    }
    if (batch.length < NOTICE_BATCH) break;
    last = batch.at(-1)!.id;
  }
  if (announced.length) console.info(`[commission] start date ${rule.from.toISOString().slice(0, 10)} mailed to ${announced.length} handymen`);
  return announced;
}
