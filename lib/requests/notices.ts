// The mail a request's steps send to the other side: the handyman hears of an offer, a cancellation and
// a new date asked; the homeowner hears of an acceptance, a request passed on or left without anyone, a
// new date answered, a finished job and a job cancelled because its handyman left. Each mail is queued
// in the transaction of the step that causes it (lib/mail's outbox), so a step that rolls back sends
// nothing. A handyman without an account yet (the sample list's people, before their invitation) is not
// mailed. Each mail is written in the language of the account it goes to, with dates and links in that
// language.
//
// The events a person may choose to hear of (lib/notifications/kinds.ts: an offer, an acceptance, a quote,
// a finished job…) go through lib/notifications instead: mailed unless the person turned mail off for the
// kind, and pushed to each of their devices with push on, in their language, opening the page the mail links to.
//
// Offers never carry the homeowner's name or address: the handyman sees those on /pro after accepting,
// and only when the homeowner's address is verified.
import "server-only";
import { composeMail, queueMail, mailCity, mailText, pageLink, requestCancelledForYouMessage, type MailMessage, type MailTransaction } from "../mail";
import { formatDate, formatDateTime, formatPrice } from "../format";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../i18n/locales";
import { taskJobName, tradeNames } from "./words";
import type { RepairRequest } from "./schemas";
import type { AfterCommit } from "../queue/after-commit";
import { LATE_WINDOW_HOURS } from "../payments/cancellation";
import type { CancellationMoney } from "./cancellation";
import type { QuoteAmounts } from "../quotes/rules";
import { getTranslator, type Translator } from "../i18n/translator";
import { localizedPath } from "../i18n/paths";
import { notifyPerson, type NotificationKind } from "../notifications";

type Tx = MailTransaction;
type Request = Pick<RepairRequest, "id" | "taskType" | "city" | "date"> & { userId: string };

export const PRO_PATH = "/pro";
const orderPath = (requestId: string) => `/dashboard/orders/${requestId}`;

/** A repair request named for its mails: "painting job in Rotterdam", "schilderklus in Rotterdam". */
export function repairName(request: Pick<RepairRequest, "taskType" | "city">, locale: Locale = DEFAULT_LOCALE): string {
  return mailText(locale)("job", { job: taskJobName(request.taskType, locale), city: mailCity(request.city, locale) });
}

type Reader = { id: string; email: string; locale: Locale };

const readerOf = (user: { id: string; email: string; locale: string } | null | undefined): Reader | null =>
  user ? { id: user.id, email: user.email, locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE } : null;

async function homeowner(tx: Tx, request: Request): Promise<Reader | null> {
  return readerOf(await tx.user.findUnique({ where: { id: request.userId }, select: { id: true, email: true, locale: true } }));
}

async function handymanContact(tx: Tx, handymanId: number): Promise<{ name: string; reader: Reader | null }> {
  const handyman = await tx.handyman.findUnique({ where: { id: handymanId }, select: { name: true, user: { select: { id: true, email: true, locale: true } } } });
  return { name: handyman?.name ?? "The handyman", reader: readerOf(handyman?.user) };
}

async function queue(tx: Tx, after: AfterCommit, message: MailMessage | null): Promise<void> {
  if (!message) return;
  await queueMail(tx, after, message);
}

type Build = (to: string, words: ReturnType<typeof mailText>, locale: Locale) => MailMessage;

/** An event of a kind people choose to hear of: its kind, its key, and its push in the reader's words. */
type Choosable = { kind: NotificationKind; eventKey: string; push: (words: Translator, locale: Locale) => { title: string; body: string; path: string } };

async function send(tx: Tx, after: AfterCommit, reader: Reader | null, build: Build, choosable?: Choosable): Promise<void> {
  if (!reader) return;
  const message = build(reader.email, mailText(reader.locale), reader.locale);
  if (!choosable) return queue(tx, after, message);
  const { title, body, path } = choosable.push(getTranslator(reader.locale, "notifications"), reader.locale);
  await notifyPerson(tx, after, {
    userId: reader.id,
    kind: choosable.kind,
    eventKey: choosable.eventKey,
    mail: message,
    push: { title, body, url: localizedPath(reader.locale, path), lang: reader.locale },
  });
}

async function toHomeowner(tx: Tx, after: AfterCommit, request: Request, build: Build, choosable?: Choosable): Promise<void> {
  await send(tx, after, await homeowner(tx, request), build, choosable);
}

const euros = (cents: number, locale: Locale) => formatPrice(cents / 100, locale);

/** "You get €121.00 back …" for a cancellation that refunds something; null otherwise. */
function refundLine(money: CancellationMoney | null | undefined, t: ReturnType<typeof mailText>, locale: Locale): string | null {
  return money && money.refundCents > 0 ? t("cancellationMoney.refunded", { amount: euros(money.refundCents, locale) }) : null;
}

async function toHandyman(tx: Tx, after: AfterCommit, handymanId: number, build: Build, choosable?: Choosable): Promise<void> {
  const { reader } = await handymanContact(tx, handymanId);
  await send(tx, after, reader, build, choosable);
}

/** The job as a push names it, in the reader's language ("painting job in Rotterdam"). */
const pushJob = (request: Pick<RepairRequest, "taskType" | "city">, locale: Locale) => repairName(request, locale);

/** Why a request left a handyman: they declined, let it expire, or can no longer take requests (an operator suspended them; the homeowner is not told why). */
type PassReason = "declined" | "expired" | "unavailable" | "withdrew";

export const notify = {
  async offered(tx: Tx, after: AfterCommit, { request, handymanId, respondBy }: { request: Request; handymanId: number; respondBy: Date }) {
    await toHandyman(tx, after, handymanId, (to, t, locale) => {
      const job = repairName(request, locale);
      const date = formatDate(request.date, locale);
      return composeMail({
        to,
        locale,
        subject: t("offered.subject", { job, date }),
        paragraphs: [
          t("offered.intro", { city: mailCity(request.city, locale), trade: tradeNames(request.taskType, locale).one, date }),
          t("offered.deadline", { deadline: formatDateTime(respondBy.toISOString(), locale) }),
        ],
        action: { label: t("offered.action"), url: pageLink(locale, PRO_PATH) },
      });
    }, {
      kind: "offer",
      eventKey: `${request.id}:${handymanId}:${respondBy.getTime()}`,
      push: (p, locale) => ({
        title: p("push.offer.title", { job: pushJob(request, locale) }),
        body: p("push.offer.body", { deadline: formatDateTime(respondBy.toISOString(), locale) }),
        path: PRO_PATH,
      }),
    });
  },

  async accepted(tx: Tx, after: AfterCommit, { request, handymanId }: { request: Request; handymanId: number }) {
    const { name } = await handymanContact(tx, handymanId);
    await toHomeowner(tx, after, request, (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({
        to,
        locale,
        subject: t("accepted.subject", { name, job }),
        paragraphs: [t("accepted.intro", { name, job, date: formatDate(request.date, locale) })],
        action: { label: t("accepted.action"), url: pageLink(locale, orderPath(request.id)) },
        after: [t("accepted.after")],
      });
    }, {
      kind: "accepted",
      eventKey: `${request.id}:${handymanId}`,
      push: (p, locale) => ({
        title: p("push.accepted.title", { name }),
        body: p("push.accepted.body", { job: pushJob(request, locale), date: formatDate(request.date, locale) }),
        path: orderPath(request.id),
      }),
    });
  },

  async passedOn(
    tx: Tx,
    after: AfterCommit,
    {
      request,
      previousHandymanId,
      handymanId,
      reason,
      refundCents = 0,
    }: { request: Request; previousHandymanId: number; handymanId: number; reason: PassReason; refundCents?: number },
  ) {
    const previous = await handymanContact(tx, previousHandymanId);
    const next = await handymanContact(tx, handymanId);
    await toHomeowner(tx, after, request, (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({
        to,
        locale,
        subject: t(reason === "withdrew" ? "passedOn.withdrewSubject" : "passedOn.subject", { job, next: next.name, previous: previous.name }),
        paragraphs: [
          t(`passedOn.${reason}`, { previous: previous.name, job }),
          ...(refundCents > 0 ? [t("passedOn.refundedInFull", { amount: euros(refundCents, locale) })] : []),
          t("passedOn.offered", { next: next.name }),
        ],
        action: { label: t("passedOn.action"), url: pageLink(locale, orderPath(request.id)) },
      });
    });
  },

  async unmatched(
    tx: Tx,
    after: AfterCommit,
    { request, previousHandymanId, reason, refundCents = 0 }: { request: Request; previousHandymanId: number; reason: PassReason; refundCents?: number },
  ) {
    const previous = await handymanContact(tx, previousHandymanId);
    await toHomeowner(tx, after, request, (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({
        to,
        locale,
        subject: t(reason === "withdrew" ? "unmatched.withdrewSubject" : "unmatched.subject", { job, previous: previous.name }),
        paragraphs: [
          t(`unmatched.${reason}`, { previous: previous.name, job }),
          ...(refundCents > 0 ? [t("passedOn.refundedInFull", { amount: euros(refundCents, locale) })] : []),
          t("unmatched.another"),
        ],
        action: { label: t("unmatched.action"), url: pageLink(locale, `/inputs/criteria/${request.id}`) },
      });
    });
  },

  async done(tx: Tx, after: AfterCommit, { request, handymanId }: { request: Request; handymanId: number }) {
    const { name } = await handymanContact(tx, handymanId);
    await toHomeowner(tx, after, request, (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({
        to,
        locale,
        subject: t("done.subject", { name, job }),
        paragraphs: [t("done.intro", { name, job }), t("done.ask")],
        action: { label: t("done.action"), url: pageLink(locale, orderPath(request.id)) },
      });
    }, {
      kind: "done",
      eventKey: `${request.id}:${handymanId}`,
      push: (p, locale) => ({ title: p("push.done.title", { name }), body: p("push.done.body", { job: pushJob(request, locale) }), path: orderPath(request.id) }),
    });
  },

  /**
   * A fixed quote arrived (lib/quotes): its total, as an invoice states it the amount excluding VAT and
   * the VAT per rate, and until when it stands; `paidCents` when it would replace the paid one (then the
   * mail says what accepting refunds).
   */
  async quoteSent(
    tx: Tx,
    after: AfterCommit,
    { request, handymanId, amounts, validUntil, paidCents }: { request: Request; handymanId: number; amounts: QuoteAmounts; validUntil: Date; paidCents?: number },
  ) {
    const { name } = await handymanContact(tx, handymanId);
    await toHomeowner(tx, after, request, (to, t, locale) => {
      const job = repairName(request, locale);
      const euros = (cents: number) => formatPrice(cents / 100, locale);
      return composeMail({
        to,
        locale,
        subject: t("quoteSent.subject", { name, job }),
        paragraphs: [
          t("quoteSent.intro", { name, job, total: euros(amounts.totalCents) }),
          [t("quoteSent.net", { net: euros(amounts.netCents) }), ...amounts.vatByRate.map((entry) => t("quoteSent.vatAt", { rate: entry.rate, net: euros(entry.netCents), vat: euros(entry.vatCents) }))].join(" "),
          ...(paidCents === undefined
            ? [t("quoteSent.validity", { validUntil: formatDateTime(validUntil.toISOString(), locale) })]
            : [
                t("quoteSent.replaces", { paid: euros(paidCents), refund: euros(paidCents - amounts.totalCents) }),
                t("quoteSent.replacementValidity", { validUntil: formatDateTime(validUntil.toISOString(), locale) }),
              ]),
        ],
        action: { label: t("quoteSent.action"), url: pageLink(locale, orderPath(request.id)) },
      });
    }, {
      kind: "quote-received",
      eventKey: `${request.id}:${handymanId}:${validUntil.getTime()}`,
      // No amount: the push may show on a locked screen; the page shows the quote to its reader.
      push: (p, locale) => ({ title: p("push.quoteReceived.title", { name }), body: p("push.quoteReceived.body", { job: pushJob(request, locale) }), path: orderPath(request.id) }),
    });
  },

  /**
   * The homeowner paid the handyman's quote (to be called by lib/payments once a payment is paid): the
   * handyman hears it, without the amount.
   */
  async quotePaid(tx: Tx, after: AfterCommit, { request, handymanId, paymentId }: { request: Request; handymanId: number; paymentId: string }) {
    await toHandyman(tx, after, handymanId, (to, _t, locale) => {
      const w = getTranslator(locale, "notifications");
      const job = repairName(request, locale);
      return composeMail({ to, locale, subject: w("mail.quotePaid.subject", { job }), paragraphs: [w("mail.quotePaid.intro", { job })], action: { label: w("mail.quotePaid.action"), url: pageLink(locale, PRO_PATH) } });
    }, {
      kind: "quote-paid",
      eventKey: paymentId,
      push: (p, locale) => ({ title: p("push.quotePaid.title"), body: p("push.quotePaid.body", { job: pushJob(request, locale) }), path: PRO_PATH }),
    });
  },

  /** The money of a paid job was released to the handyman (to be called by lib/payments once a release succeeded). */
  async moneyReleased(tx: Tx, after: AfterCommit, { request, handymanId, paymentId }: { request: Request; handymanId: number; paymentId: string }) {
    await toHandyman(tx, after, handymanId, (to, _t, locale) => {
      const w = getTranslator(locale, "notifications");
      const job = repairName(request, locale);
      return composeMail({ to, locale, subject: w("mail.moneyReleased.subject", { job }), paragraphs: [w("mail.moneyReleased.intro", { job })], action: { label: w("mail.moneyReleased.action"), url: pageLink(locale, PRO_PATH) } });
    }, {
      kind: "money-released",
      eventKey: paymentId,
      push: (p, locale) => ({ title: p("push.moneyReleased.title"), body: p("push.moneyReleased.body", { job: pushJob(request, locale) }), path: PRO_PATH }),
    });
  },

  /** The handyman is on the way (./no-show.ts, on the agreed day of a paid job). */
  async onMyWay(tx: Tx, after: AfterCommit, { request, handymanId, at }: { request: Request; handymanId: number; at: Date }) {
    const { name } = await handymanContact(tx, handymanId);
    await toHomeowner(tx, after, request, (to, _t, locale) => {
      const w = getTranslator(locale, "notifications");
      const job = repairName(request, locale);
      return composeMail({ to, locale, subject: w("mail.onMyWay.subject", { name }), paragraphs: [w("mail.onMyWay.intro", { name, job })], action: { label: w("mail.onMyWay.action"), url: pageLink(locale, orderPath(request.id)) } });
    }, {
      kind: "on-my-way",
      eventKey: `${request.id}:${handymanId}:${at.getTime()}`,
      push: (p, locale) => ({ title: p("push.onMyWay.title", { name }), body: p("push.onMyWay.body", { job: pushJob(request, locale) }), path: orderPath(request.id) }),
    });
  },

  /** The handyman reported that nobody opened (./no-show.ts): the homeowner hears at once, with the time until which they may object. */
  async homeownerNoShowReported(tx: Tx, after: AfterCommit, { request, handymanId, objectUntil }: { request: Request; handymanId: number; objectUntil: Date }) {
    const { name } = await handymanContact(tx, handymanId);
    await toHomeowner(tx, after, request, (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({
        to,
        locale,
        subject: t("noShow.reported.subject", { job }),
        paragraphs: [t("noShow.reported.intro", { name, job }), t("noShow.reported.object", { until: formatDateTime(objectUntil.toISOString(), locale) })],
        action: { label: t("noShow.reported.action"), url: pageLink(locale, orderPath(request.id)) },
      });
    });
  },

  /** The homeowner objected to the no-show: the handyman hears, with their words; an operator decides. */
  async noShowObjected(tx: Tx, after: AfterCommit, { request, handymanId, text }: { request: Request; handymanId: number; text: string }) {
    await toHandyman(tx, after, handymanId, (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({ to, locale, subject: t("noShow.objected.subject", { job }), paragraphs: [t("noShow.objected.intro", { job }), text, t("noShow.objected.held")], action: { label: t("noShow.objected.action"), url: pageLink(locale, PRO_PATH) } });
    });
  },

  /** Nobody objected in time: the no-show counts as a late cancellation; both sides hear what the money does. */
  async noShowSettled(tx: Tx, after: AfterCommit, { request, handymanId, money }: { request: Request; handymanId: number; money: CancellationMoney | null }) {
    await toHomeowner(tx, after, request, (to, t, locale) => {
      const job = repairName(request, locale);
      const fee = money && money.feeCents > 0 ? [t("noShow.settled.fee", { amount: euros(money.feeCents, locale) })] : [];
      const refund = refundLine(money, t, locale);
      return composeMail({ to, locale, subject: t("noShow.settled.subject", { job }), paragraphs: [t("noShow.settled.intro", { job }), ...fee, ...(refund ? [refund] : [])], action: { label: t("noShow.settled.action"), url: pageLink(locale, orderPath(request.id)) } });
    });
    await toHandyman(tx, after, handymanId, (to, t, locale) => {
      const job = repairName(request, locale);
      const fee = money && money.feeCents > 0 ? [t("noShow.settled.feeToYou", { amount: euros(money.feeCents, locale), net: euros(money.feeCents - money.commissionCents, locale) })] : [];
      return composeMail({ to, locale, subject: t("noShow.settled.subject", { job }), paragraphs: [t("noShow.settled.introHandyman", { job }), ...fee], action: { label: t("noShow.settled.actionHandyman"), url: pageLink(locale, PRO_PATH) } });
    });
  },

  /** The homeowner reported that the handyman did not come: the handyman hears the job is cancelled, refunded in full, and counted. */
  async handymanNoShowReported(tx: Tx, after: AfterCommit, { request, handymanId }: { request: Request; handymanId: number; money: CancellationMoney | null }) {
    await toHandyman(tx, after, handymanId, (to, t, locale) => {
      const job = repairName(request, locale);
      const date = formatDate(request.date, locale);
      return composeMail({ to, locale, subject: t("noShow.handyman.subject", { job }), paragraphs: [t("noShow.handyman.intro", { job, date }), t("noShow.handyman.counted")], action: { label: t("noShow.handyman.action"), url: pageLink(locale, PRO_PATH) } });
    });
  },

  /**
   * The homeowner answered the home's age again while the handyman's quote waited (./home-age.ts): the
   * quote lapsed, since its VAT rates followed the old answer; the handyman is asked to send a new one.
   */
  async quoteLapsedByHomeAge(
    tx: Tx,
    after: AfterCommit,
    { request, handymanId, totalCents, olderThanTwoYears }: { request: Request; handymanId: number; totalCents: number; olderThanTwoYears: boolean },
  ) {
    await toHandyman(tx, after, handymanId, (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({
        to,
        locale,
        subject: t("quoteLapsedHomeAge.subject", { job }),
        paragraphs: [
          t("quoteLapsedHomeAge.intro", { job, total: formatPrice(totalCents / 100, locale), answer: t(olderThanTwoYears ? "quoteLapsedHomeAge.yes" : "quoteLapsedHomeAge.no") }),
          t("quoteLapsedHomeAge.why"),
        ],
        action: { label: t("quoteLapsedHomeAge.action"), url: pageLink(locale, PRO_PATH) },
      });
    });
  },

  /** The holder of a cancelled job hears of it, and of the late-cancellation fee that goes to them, if any. */
  async cancelled(tx: Tx, after: AfterCommit, { request, handymanId, money }: { request: Request; handymanId: number; money?: CancellationMoney | null }) {
    await toHandyman(tx, after, handymanId, (to, t, locale) => {
      const job = repairName(request, locale);
      const date = formatDate(request.date, locale);
      const fee = money && money.feeCents > 0 ? [t("cancellationMoney.feeToYou", { hours: LATE_WINDOW_HOURS, amount: euros(money.feeCents, locale), net: euros(money.feeCents - money.commissionCents, locale) })] : [];
      return composeMail({
        to,
        locale,
        subject: t("cancelled.subject", { job, date }),
        paragraphs: [t("cancelled.intro", { job, date }), ...fee],
        action: { label: t("cancelled.action"), url: pageLink(locale, PRO_PATH) },
      });
    });
  },

  /** An operator cancelled the request on the homeowner's behalf: the homeowner gets the reason. */
  async cancelledForHomeowner(tx: Tx, after: AfterCommit, { request, reason, money }: { request: Request; reason: string; money?: CancellationMoney | null }) {
    await toHomeowner(tx, after, request, (to, t, locale) =>
      requestCancelledForYouMessage({
        to,
        locale,
        job: repairName(request, locale),
        date: formatDate(request.date, locale),
        reason,
        refund: refundLine(money, t, locale),
        url: pageLink(locale, orderPath(request.id)),
      }),
    );
  },

  /** The handyman who accepted the job deleted their account: the homeowner hears it is cancelled, and may ask again. */
  // The mail does not name them: their account is being erased in this very transaction (lib/account/delete.ts).
  async handymanLeft(tx: Tx, after: AfterCommit, { request, money }: { request: Request; handymanId: number; money?: CancellationMoney | null }) {
    await toHomeowner(tx, after, request, (to, t, locale) => {
      const job = repairName(request, locale);
      const refund = refundLine(money, t, locale);
      return composeMail({
        to,
        locale,
        subject: t("handymanLeft.subject", { job }),
        paragraphs: [t("handymanLeft.intro", { job, date: formatDate(request.date, locale) }), ...(refund ? [refund] : []), t("handymanLeft.again")],
        action: { label: t("handymanLeft.action"), url: pageLink(locale, "/inputs") },
      });
    });
  },

  async dateProposed(tx: Tx, after: AfterCommit, { request, handymanId, date }: { request: Request; handymanId: number; date: string }) {
    await toHandyman(tx, after, handymanId, (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({
        to,
        locale,
        subject: t("dateProposed.subject", { job }),
        paragraphs: [t("dateProposed.intro", { job, from: formatDate(request.date, locale), to: formatDate(date, locale) }), t("dateProposed.ask")],
        action: { label: t("dateProposed.action"), url: pageLink(locale, PRO_PATH) },
      });
    });
  },

  async dateAnswered(tx: Tx, after: AfterCommit, { request, handymanId, date, confirmed }: { request: Request; handymanId: number; date: string; confirmed: boolean }) {
    const { name } = await handymanContact(tx, handymanId);
    await toHomeowner(tx, after, request, (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({
        to,
        locale,
        subject: confirmed ? t("dateAnswered.subjectConfirmed", { name }) : t("dateAnswered.subjectKept", { name }),
        paragraphs: [
          confirmed
            ? t("dateAnswered.confirmed", { name, job, date: formatDate(date, locale) })
            : t("dateAnswered.kept", { name, job, date: formatDate(date, locale), agreed: formatDate(request.date, locale) }),
        ],
        action: { label: t("dateAnswered.action"), url: pageLink(locale, orderPath(request.id)) },
      });
    });
  },
  /** The homeowner reported a problem with the finished job (lib/requests/disputes.ts): the handyman hears what, and may answer in the thread. */
  async problemReported(tx: Tx, after: AfterCommit, { request, handymanId, text }: { request: Request; handymanId: number; text: string }) {
    await toHandyman(tx, after, handymanId, (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({
        to,
        locale,
        subject: t("dispute.reported.subject", { job }),
        paragraphs: [t("dispute.reported.intro", { job }), text, t("dispute.reported.held")],
        action: { label: t("dispute.reported.action"), url: pageLink(locale, PRO_PATH) },
      });
    });
  },

  /** An operator decided the dispute (lib/ops/disputes.ts): both sides are mailed the decision, its amounts and the reason, each in their language. */
  async disputeDecided(
    tx: Tx,
    after: AfterCommit,
    { request, handymanId, decision, refundCents, releaseCents, reason }: { request: Request; handymanId: number; decision: "release" | "partial_refund" | "full_refund"; refundCents: number; releaseCents: number; reason: string },
  ) {
    const build = (path: string): Build => (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({
        to,
        locale,
        subject: t("dispute.decided.subject", { job }),
        paragraphs: [
          t(`dispute.decided.${decision}`, { job, refund: euros(refundCents, locale), release: euros(releaseCents, locale) }),
          t("dispute.decided.reason", { reason }),
        ],
        action: { label: t("dispute.decided.action"), url: pageLink(locale, path) },
      });
    };
    await toHomeowner(tx, after, request, build(orderPath(request.id)));
    await toHandyman(tx, after, handymanId, build(PRO_PATH));
  },
};
