// Insurance that lapses pauses the profile by itself: a daily check (./profile-insurance-worker.ts)
// pauses every handyman whose liability insurance ran until a day before today (Europe/Amsterdam), and
// mails each one, once, a week before that date, in their language, through the outbox. The handymen
// row is the record of truth: pausing is a conditional update of those still available, and the
// reminder is sent only when insurance_reminded_for does not hold the current end date yet (set in the
// transaction that queues the mail), so a check that runs twice, late or on two workers does nothing
// twice, and a renewed policy (a new end date) gets its own reminder.
import "server-only";
import { company, supportContact } from "../content/site";
import { getDb } from "../db";
import { formatDate } from "../format";
import { isLocale, type Locale } from "../../i18n/locales";
import { getTranslator } from "../i18n/translator";
import { composeMail, pageLink, queueMail, type MailMessage } from "../mail";
import { AfterCommit } from "../queue/after-commit";
import { todayInAmsterdam } from "../requests/rules";

/** How long before the end date the reminder goes. */
export const REMINDER_DAYS_BEFORE = 7;

const dayOf = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);
const isoDay = (value: Date) => value.toISOString().slice(0, 10);

function daysAfter(isoDate: string, days: number): string {
  const date = dayOf(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDay(date);
}

/** The reminder: the date the insurance runs until and what happens the day after, with a link to /pro/profile. */
export function insuranceEndingMessage({ to, insuredUntil, locale }: { to: string; insuredUntil: string; locale: Locale }): MailMessage {
  const t = getTranslator(locale, "pro");
  const date = formatDate(insuredUntil, locale);
  return composeMail({
    to,
    locale,
    subject: t("insuranceMail.subject", { company: company.name, date }),
    paragraphs: [t("insuranceMail.intro", { date }), t("insuranceMail.pause")],
    action: { label: t("insuranceMail.action"), url: pageLink(locale, "/pro/profile") },
    after: [t("insuranceMail.contact", { email: supportContact.email })],
  });
}

export type InsuranceCheck = { paused: number[]; reminded: number[] };

/** Pauses the handymen whose insurance has lapsed and mails those whose insurance ends within a week. */
export async function checkInsurance(now = new Date()): Promise<InsuranceCheck> {
  const db = await getDb();
  const today = todayInAmsterdam(now);
  const lapsed = await db.handyman.findMany({
    where: { insuredUntil: { lt: dayOf(today) }, available: true },
    select: { id: true },
  });
  const paused: number[] = [];
  for (const { id } of lapsed) {
    const { count } = await db.handyman.updateMany({ where: { id, insuredUntil: { lt: dayOf(today) }, available: true }, data: { available: false } });
    if (count) paused.push(id);
  }

  const ending = await db.handyman.findMany({
    where: {
      insuredUntil: { gte: dayOf(today), lte: dayOf(daysAfter(today, REMINDER_DAYS_BEFORE)) },
      removedAt: null,
      user: { role: "handyman" },
    },
    select: { id: true, insuredUntil: true, insuranceRemindedFor: true, user: { select: { email: true, locale: true } } },
  });
  const reminded: number[] = [];
  for (const handyman of ending) {
    if (!handyman.user || !handyman.insuredUntil) continue;
    if (handyman.insuranceRemindedFor && isoDay(handyman.insuranceRemindedFor) === isoDay(handyman.insuredUntil)) continue;
    const { email, locale } = handyman.user;
    const insuredUntil = handyman.insuredUntil;
    const after = new AfterCommit();
    const sent = await db.$transaction(async (tx) => {
      // Claimed by the update: a second check, at the same time or later, finds it done.
      const claimed = await tx.$queryRaw<{ id: number }[]>`
        UPDATE "handymen" SET "insurance_reminded_for" = "insured_until"
         WHERE "id" = ${handyman.id} AND "insured_until" = ${insuredUntil}::date
           AND "insurance_reminded_for" IS DISTINCT FROM "insured_until"
        RETURNING "id"`;
      if (claimed.length === 0) return false;
      await queueMail(tx, after, insuranceEndingMessage({ to: email, insuredUntil: isoDay(insuredUntil), locale: isLocale(locale) ? locale : "en" }));
      return true;
    });
    await after.run();
    if (sent) reminded.push(handyman.id);
  }
  if (paused.length || reminded.length) console.info(`[insurance] paused=${paused.length} reminded=${reminded.length}`);
  return { paused, reminded };
}
