// What Fixwell writes to people: one composer that turns a few paragraphs and at most one link into a
// plain-text and an HTML part, and a builder for each mail the product sends. No images, no remote
// resources and no tracked links: every link goes straight to the site, and the text part carries the
// same link in full. Every mail is written in its reader's language: the builders take a locale, and a
// mail built without one is written in the language of the account it goes to when it is queued
// (enqueueMail in ./outbox.ts).
import { z } from "zod";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../i18n/locales";
import { company, supportContact } from "../content/site";
import { cityLabel } from "../requests/words";
import { localizedPath } from "../i18n/paths";
import { getTranslator, type Translator } from "../i18n/translator";
import { CITIES, isCity } from "../requests/catalogue";
import { siteLink } from "./links";

/** One mail as it is queued and sent. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

const NEWLINE = /[\r\n]/;

export const mailMessageSchema = z.object({
  to: z.email().max(320),
  subject: z.string().trim().min(1).max(200).refine((value) => !NEWLINE.test(value), "must be one line"),
  text: z.string().min(1).max(100_000),
  html: z.string().min(1).max(200_000),
});

export type MailContent = {
  to: string;
  subject: string;
  /** Paragraphs before the link, in plain text (escaped for the HTML part). */
  paragraphs: string[];
  /** The one thing the reader can do, shown as a button and as a plain address. */
  action?: { label: string; url: string };
  /** Paragraphs after the link. */
  after?: string[];
  /** The reader's language: the greeting, sign-off and footer around the paragraphs, and `<html lang>`. */
  locale?: Locale;
  /** The footer's link to the notification choices on /account; false only where no account is left to choose (the goodbye). */
  preferencesLink?: boolean;
};

/** Where every mail's footer sends the reader to choose which mails they get (lib/notifications). */
export const PREFERENCES_PATH = "/account";
export const PREFERENCES_ANCHOR = "notifications";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The mail catalogue in `locale` (synchronous, so the builders are, in a request and in the mail worker alike). */
export function mailText(locale: Locale = DEFAULT_LOCALE): Translator {
  return getTranslator(locale, "mail");
}

/** A city as running text names it in `locale` ("Den Haag" in Dutch); anything else as given. */
export function mailCity(city: string, locale: Locale): string {
  return isCity(city) ? cityLabel(city, locale) : city;
}

function frame(locale: Locale) {
  const t = mailText(locale);
  return {
    hello: t("hello"),
    signOff: t("signOff", { company: company.name }),
    footer: t("footer", { company: company.name, cities: CITIES.map((city) => cityLabel(city, locale)).join(", "), email: supportContact.email }),
    copyAddress: t("copyAddress"),
  };
}

/** Builds both parts of a mail from the same paragraphs, so the two always say the same thing. */
export function composeMail({ to, subject, paragraphs, action, after = [], locale = DEFAULT_LOCALE, preferencesLink = true }: MailContent): MailMessage {
  const { hello, signOff, footer, copyAddress } = frame(locale);
  // On the site the action leads to (a builder's baseUrl), else the site's own address.
  const preferencesUrl = `${pageLink(locale, PREFERENCES_PATH, {}, action ? new URL(action.url).origin : undefined)}#${PREFERENCES_ANCHOR}`;
  const preferences = preferencesLink ? mailText(locale)("preferences", { url: preferencesUrl }) : null;
  const text = [
    hello,
    ...paragraphs,
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...after,
    signOff,
    "--\n" + footer + (preferences ? "\n" + preferences : ""),
  ].join("\n\n");

  const p = (body: string) => `<p style="margin:0 0 16px">${escapeHtml(body).replace(/\n/g, "<br>")}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:14px;color:#4b5563">${escapeHtml(copyAddress)}<br><a href="${escapeHtml(action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : "";
  const html = [
    "<!doctype html>",
    `<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#111827">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">`,
    `<p style="margin:0 0 24px;font-size:20px;font-weight:700">${escapeHtml(company.name)}</p>`,
    p(hello),
    ...paragraphs.map(p),
    button,
    ...after.map(p),
    p(signOff),
    "</div>",
    `<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#6b7280;text-align:center">${escapeHtml(footer)}</p>`,
    ...(preferences
      ? [`<p style="max-width:560px;margin:8px auto 0;font-size:12px;color:#6b7280;text-align:center">${escapeHtml(preferences).replace(escapeHtml(preferencesUrl), `<a href="${escapeHtml(preferencesUrl)}" style="color:#1d4ed8">${escapeHtml(preferencesUrl)}</a>`)}</p>`]
      : []),
    "</body></html>",
  ].join("\n");

  return mailMessageSchema.parse({ to, subject, text, html });
}

// A mail built without a locale can be written again in another language: enqueueMail asks for that
// when the account it goes to reads Dutch. Kept beside the message, not in it, so the message stays plain.
const rewrites = new WeakMap<MailMessage, (locale: Locale) => MailMessage>();

/** How to write `message` again in another language, when its builder was not told the reader's. */
export function rewriteFor(message: MailMessage): ((locale: Locale) => MailMessage) | undefined {
  return rewrites.get(message);
}

/** Builds the mail in `locale` when one is given; without, in English, ready to be written again in the reader's. */
function inReadersLanguage<A extends { locale?: Locale }>(args: A, build: (args: A & { locale: Locale }) => MailMessage): MailMessage {
  if (isLocale(args.locale)) return build({ ...args, locale: args.locale });
  const message = build({ ...args, locale: DEFAULT_LOCALE });
  rewrites.set(message, (locale) => build({ ...args, locale }));
  return message;
}

/** Where each mailed link leads. The pages behind them belong to the account features. */
export const MAIL_LINK_PATHS = {
  verifyEmail: "/verify-email",
  resetPassword: "/reset-password",
  setPassword: "/set-password",
  forgotPassword: "/forgot-password",
  account: "/account",
  home: "/",
} as const;

type LinkBase = { baseUrl?: string };
type Reader = { locale?: Locale };

/** A link to one of the site's pages, in the reader's language (/nl/… for Dutch). */
export function pageLink(locale: Locale, path: string, params: Record<string, string> = {}, baseUrl?: string): string {
  return siteLink(localizedPath(locale, path), params, baseUrl);
}

/** Who an account's holder is to the product (the users table's role): each is told what its address is for. */
export type AccountRole = "homeowner" | "applicant" | "handyman" | "operator";

/**
 * Sent after sign-up, after applying on /join (and on "send again"): confirms that the address belongs to
 * the account holder, saying what the address is for in the holder's role.
 */
export function verifyEmailMessage(args: { to: string; token: string; role: AccountRole } & LinkBase & Reader): MailMessage {
  return inReadersLanguage(args, ({ to, token, role, baseUrl, locale }) => {
    const t = mailText(locale);
    return composeMail({
      to,
      locale,
      subject: t("verifyEmail.subject", { company: company.name }),
      paragraphs: [t("verifyEmail.intro", { company: company.name, role })],
      action: { label: t("verifyEmail.action"), url: pageLink(locale, MAIL_LINK_PATHS.verifyEmail, { token }, baseUrl) },
      after: [t("verifyEmail.ignore", { role })],
    });
  });
}

/** Sent from the forgot-password page; the link works once, for `validMinutes`. */
export function passwordResetMessage(args: { to: string; token: string; validMinutes: number } & LinkBase & Reader): MailMessage {
  return inReadersLanguage(args, ({ to, token, validMinutes, baseUrl, locale }) => {
    const t = mailText(locale);
    return composeMail({
      to,
      locale,
      subject: t("passwordReset.subject", { company: company.name }),
      paragraphs: [t("passwordReset.intro", { company: company.name })],
      action: { label: t("passwordReset.action"), url: pageLink(locale, MAIL_LINK_PATHS.resetPassword, { token }, baseUrl) },
      after: [t("passwordReset.validity", { minutes: validMinutes }), t("passwordReset.ignore")],
    });
  });
}

/** Sent after a password change or reset, so the owner notices a change they did not make. */
export function passwordChangedMessage(args: { to: string } & LinkBase & Reader): MailMessage {
  return inReadersLanguage(args, ({ to, baseUrl, locale }) => {
    const t = mailText(locale);
    return composeMail({
      to,
      locale,
      subject: t("passwordChanged.subject", { company: company.name }),
      paragraphs: [t("passwordChanged.changed", { company: company.name }), t("passwordChanged.ifYou"), t("passwordChanged.ifNotYou")],
      action: { label: t("passwordChanged.action"), url: pageLink(locale, MAIL_LINK_PATHS.forgotPassword, {}, baseUrl) },
      after: [t("passwordChanged.support", { email: supportContact.email })],
    });
  });
}

/**
 * The goodbye after an account was deleted. No link: there is no account left to go to. Jobs a handyman
 * had accepted stay in the handyman's records without the owner's name, address or details. The account
 * is gone when this is queued, so the caller passes the language it had.
 */
export function accountDeletedMessage(args: { to: string; keptForHandymen?: number } & Reader): MailMessage {
  return inReadersLanguage(args, ({ to, keptForHandymen = 0, locale }) => {
    const t = mailText(locale);
    return composeMail({
      to,
      locale,
      subject: t("accountDeleted.subject", { company: company.name }),
      paragraphs: [
        t("accountDeleted.deleted", { company: company.name }),
        ...(keptForHandymen > 0 ? [t("accountDeleted.kept", { count: keptForHandymen })] : []),
        t("accountDeleted.thanks"),
        t("accountDeleted.notYou", { email: supportContact.email }),
      ],
      preferencesLink: false,
    });
  });
}

type InvitedRole = "handyman" | "operator";

/** Sent when an operator invites a handyman or another operator; the link sets the first password. */
export function invitationMessage(args: { to: string; token: string; role: InvitedRole; validDays: number } & LinkBase & Reader): MailMessage {
  return inReadersLanguage(args, ({ to, token, role, validDays, baseUrl, locale }) => {
    const t = mailText(locale);
    return composeMail({
      to,
      locale,
      subject: t("invitation.subject", { company: company.name }),
      paragraphs: [t("invitation.intro", { company: company.name, role })],
      action: { label: t("invitation.action"), url: pageLink(locale, MAIL_LINK_PATHS.setPassword, { token }, baseUrl) },
      after: [t("invitation.validity", { days: validDays }), t("invitation.ignore")],
    });
  });
}

/**
 * Sent when Fixwell cancels a homeowner's request on their behalf (from the operator console): what was
 * cancelled and the operator's reason, word for word. `job` and `date` are written in `locale` already.
 */
export function requestCancelledForYouMessage({
  to,
  job,
  date,
  reason,
  refund = null,
  url,
  locale = DEFAULT_LOCALE,
}: { to: string; job: string; date: string; reason: string; refund?: string | null; url: string } & Reader): MailMessage {
  const t = mailText(locale);
  return composeMail({
    to,
    locale,
    subject: t("cancelledForYou.subject", { job }),
    paragraphs: [t("cancelledForYou.intro", { job, date }), reason, t("cancelledForYou.told"), ...(refund ? [refund] : [])],
    action: { label: t("cancelledForYou.action"), url },
    after: [t("cancelledForYou.support", { email: supportContact.email })],
  });
}

/** Where an applicant reads the state of their application. */
const APPLICATION_PATH = "/pro";

/** Sent when an application to join arrives (lib/handymen/applications.ts). */
export function applicationReceivedMessage(args: { to: string } & LinkBase & Reader): MailMessage {
  return inReadersLanguage(args, ({ to, baseUrl, locale }) => {
    const t = mailText(locale);
    return composeMail({
      to,
      locale,
      subject: t("application.received.subject", { company: company.name }),
      paragraphs: [t("application.received.intro", { company: company.name }), t("application.received.verify")],
      action: { label: t("application.received.action"), url: pageLink(locale, APPLICATION_PATH, {}, baseUrl) },
    });
  });
}

/** Sent when an operator approves an application: the account is a handyman's now. */
export function applicationApprovedMessage(args: { to: string } & LinkBase & Reader): MailMessage {
  return inReadersLanguage(args, ({ to, baseUrl, locale }) => {
    const t = mailText(locale);
    return composeMail({
      to,
      locale,
      subject: t("application.approved.subject", { company: company.name }),
      paragraphs: [t("application.approved.intro", { company: company.name })],
      action: { label: t("application.approved.action"), url: pageLink(locale, APPLICATION_PATH, {}, baseUrl) },
    });
  });
}

/** Sent when an operator rejects an application, with the reason they gave (the EU's platform-to-business rules ask for one). */
export function applicationRejectedMessage(args: { to: string; reason: string } & LinkBase & Reader): MailMessage {
  return inReadersLanguage(args, ({ to, reason, baseUrl, locale }) => {
    const t = mailText(locale);
    return composeMail({
      to,
      locale,
      subject: t("application.rejected.subject", { company: company.name }),
      paragraphs: [t("application.rejected.intro", { company: company.name }), t("application.rejected.reason", { reason })],
      action: { label: t("application.rejected.action"), url: pageLink(locale, APPLICATION_PATH, {}, baseUrl) },
      after: [t("application.rejected.again")],
    });
  });
}
