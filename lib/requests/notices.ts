// The mail a request's steps send to the other side: the handyman hears of an offer, a cancellation and
// a new date asked; the homeowner hears of an acceptance, a request passed on or left without anyone, a
// new date answered, a finished job and a job cancelled because its handyman left. Each mail is queued
// in the transaction of the step that causes it (lib/mail's outbox), so a step that rolls back sends
// nothing. A handyman without an account yet (the sample list's people, before their invitation) is not
// mailed. Each mail is written in the language of the account it goes to, with dates and links in that
// language.
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

type Tx = MailTransaction;
type Request = Pick<RepairRequest, "id" | "taskType" | "city" | "date"> & { userId: string };

export const PRO_PATH = "/pro";
const orderPath = (requestId: string) => `/dashboard/orders/${requestId}`;

/** A repair request named for its mails: "painting job in Rotterdam", "schilderklus in Rotterdam". */
export function repairName(request: Pick<RepairRequest, "taskType" | "city">, locale: Locale = DEFAULT_LOCALE): string {
  return mailText(locale)("job", { job: taskJobName(request.taskType, locale), city: mailCity(request.city, locale) });
}

type Reader = { email: string; locale: Locale };

const readerOf = (user: { email: string; locale: string } | null | undefined): Reader | null =>
  user ? { email: user.email, locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE } : null;

async function homeowner(tx: Tx, request: Request): Promise<Reader | null> {
  return readerOf(await tx.user.findUnique({ where: { id: request.userId }, select: { email: true, locale: true } }));
}

async function handymanContact(tx: Tx, handymanId: number): Promise<{ name: string; reader: Reader | null }> {
  const handyman = await tx.handyman.findUnique({ where: { id: handymanId }, select: { name: true, user: { select: { email: true, locale: true } } } });
  return { name: handyman?.name ?? "The handyman", reader: readerOf(handyman?.user) };
}

async function queue(tx: Tx, after: AfterCommit, message: MailMessage | null): Promise<void> {
  if (!message) return;
  await queueMail(tx, after, message);
}

type Build = (to: string, words: ReturnType<typeof mailText>, locale: Locale) => MailMessage;

async function toHomeowner(tx: Tx, after: AfterCommit, request: Request, build: Build): Promise<void> {
  const reader = await homeowner(tx, request);
  await queue(tx, after, reader ? build(reader.email, mailText(reader.locale), reader.locale) : null);
}

async function toHandyman(tx: Tx, after: AfterCommit, handymanId: number, build: Build): Promise<void> {
  const { reader } = await handymanContact(tx, handymanId);
  await queue(tx, after, reader ? build(reader.email, mailText(reader.locale), reader.locale) : null);
}

/** Why a request left a handyman: they declined, let it expire, or can no longer take requests (an operator suspended them; the homeowner is not told why). */
type PassReason = "declined" | "expired" | "unavailable";

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
    });
  },

  async passedOn(
    tx: Tx,
    after: AfterCommit,
    { request, previousHandymanId, handymanId, reason }: { request: Request; previousHandymanId: number; handymanId: number; reason: PassReason },
  ) {
    const previous = await handymanContact(tx, previousHandymanId);
    const next = await handymanContact(tx, handymanId);
    await toHomeowner(tx, after, request, (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({
        to,
        locale,
        subject: t("passedOn.subject", { job, next: next.name }),
        paragraphs: [t(`passedOn.${reason}`, { previous: previous.name, job }), t("passedOn.offered", { next: next.name })],
        action: { label: t("passedOn.action"), url: pageLink(locale, orderPath(request.id)) },
      });
    });
  },

  async unmatched(
    tx: Tx,
    after: AfterCommit,
    { request, previousHandymanId, reason }: { request: Request; previousHandymanId: number; reason: PassReason },
  ) {
    const previous = await handymanContact(tx, previousHandymanId);
    await toHomeowner(tx, after, request, (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({
        to,
        locale,
        subject: t("unmatched.subject", { job }),
        paragraphs: [t(`unmatched.${reason}`, { previous: previous.name, job }), t("unmatched.another")],
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
    });
  },

  /** A fixed quote arrived (lib/quotes): its total and until when it stands. */
  /** A quote sent; `paidCents` when it would replace the paid one (then the mail says what accepting refunds). */
  async quoteSent(
    tx: Tx,
    after: AfterCommit,
    { request, handymanId, totalCents, validUntil, paidCents }: { request: Request; handymanId: number; totalCents: number; validUntil: Date; paidCents?: number },
  ) {
    const { name } = await handymanContact(tx, handymanId);
    await toHomeowner(tx, after, request, (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({
        to,
        locale,
        subject: t("quoteSent.subject", { name, job }),
        paragraphs: [
          t("quoteSent.intro", { name, job, total: formatPrice(totalCents / 100, locale) }),
          ...(paidCents === undefined
            ? [t("quoteSent.validity", { validUntil: formatDateTime(validUntil.toISOString(), locale) })]
            : [
                t("quoteSent.replaces", { paid: formatPrice(paidCents / 100, locale), refund: formatPrice((paidCents - totalCents) / 100, locale) }),
                t("quoteSent.replacementValidity", { validUntil: formatDateTime(validUntil.toISOString(), locale) }),
              ]),
        ],
        action: { label: t("quoteSent.action"), url: pageLink(locale, orderPath(request.id)) },
      });
    });
  },

  async cancelled(tx: Tx, after: AfterCommit, { request, handymanId }: { request: Request; handymanId: number }) {
    await toHandyman(tx, after, handymanId, (to, t, locale) => {
      const job = repairName(request, locale);
      const date = formatDate(request.date, locale);
      return composeMail({
        to,
        locale,
        subject: t("cancelled.subject", { job, date }),
        paragraphs: [t("cancelled.intro", { job, date })],
        action: { label: t("cancelled.action"), url: pageLink(locale, PRO_PATH) },
      });
    });
  },

  /** An operator cancelled the request on the homeowner's behalf: the homeowner gets the reason. */
  async cancelledForHomeowner(tx: Tx, after: AfterCommit, { request, reason }: { request: Request; reason: string }) {
    await toHomeowner(tx, after, request, (to, _t, locale) =>
      requestCancelledForYouMessage({
        to,
        locale,
        job: repairName(request, locale),
        date: formatDate(request.date, locale),
        reason,
        url: pageLink(locale, orderPath(request.id)),
      }),
    );
  },

  /** The handyman who accepted the job deleted their account: the homeowner hears it is cancelled, and may ask again. */
  // The mail does not name them: their account is being erased in this very transaction (lib/account/delete.ts).
  async handymanLeft(tx: Tx, after: AfterCommit, { request }: { request: Request; handymanId: number }) {
    await toHomeowner(tx, after, request, (to, t, locale) => {
      const job = repairName(request, locale);
      return composeMail({
        to,
        locale,
        subject: t("handymanLeft.subject", { job }),
        paragraphs: [t("handymanLeft.intro", { job, date: formatDate(request.date, locale) }), t("handymanLeft.again")],
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
};
