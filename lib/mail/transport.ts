// How a mail physically leaves: nodemailer over SMTP (SMTP_URL), or, for local use, nodemailer's
// stream transport writing the finished message as an .eml file under MAIL_FILE_DIR. Both build the
// same MIME message; only the file transport logs links, since a link may carry a live token.
import "server-only";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { company } from "../content/site";
import { env, parseMailFrom, type Env } from "../env";
import type { MailMessage } from "./messages";

export type MailSender = { name: string; address: string };

const DEFAULT_SENDER_ADDRESS = "no-reply@localhost";

/** The sender: MAIL_FROM, with the site's name when it gives none. */
export function mailSender(from: string | undefined = env().MAIL_FROM): MailSender {
  const parsed = from ? parseMailFrom(from) : undefined;
  return { name: parsed?.name ?? company.name, address: parsed?.address ?? DEFAULT_SENDER_ADDRESS };
}

export type MailTransportConfig =
  | { kind: "smtp"; url: string; from: MailSender }
  | { kind: "file"; dir: string; from: MailSender };

export function mailTransportConfig(source: Pick<Env, "MAIL_TRANSPORT" | "SMTP_URL" | "MAIL_FILE_DIR" | "MAIL_FROM"> = env()): MailTransportConfig {
  const from = mailSender(source.MAIL_FROM);
  if (source.MAIL_TRANSPORT === "smtp" && source.SMTP_URL) return { kind: "smtp", url: source.SMTP_URL, from };
  return { kind: "file", dir: path.resolve(source.MAIL_FILE_DIR), from };
}

/** A queued mail handed to a transport; its id names the file and the Message-ID. */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type OutgoingMail = MailMessage & { id: string; attachments?: MailAttachment[] };

export type MailTransport = {
  readonly kind: "smtp" | "file";
  /** Where mail goes, for logs: the SMTP server without credentials, or the folder. */
  readonly description: string;
  /** Resolves once the SMTP server accepted the message (or the file is written); rejects otherwise. */
  deliver(mail: OutgoingMail): Promise<{ messageId: string; file?: string }>;
  close(): void;
};

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * nodemailer's SMTP options from SMTP_URL. Off this machine, smtp:// must upgrade to TLS (STARTTLS)
 * before the password is sent, unless the URL says `?requireTLS=false`; smtps:// is TLS from the start.
 */
export function smtpOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    ...(url.port ? { port: Number(url.port) } : {}),
    secure,
    requireTLS: !secure && !LOOPBACK.has(url.hostname) && url.searchParams.get("requireTLS") !== "false",
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    ...SMTP_TIMEOUTS_MS,
  };
}

/**
 * How long an SMTP send may wait at each step, in ms. Together they stay below the worker's claim on the
 * message (DEFAULT_MAIL_RETRY.claimSeconds in ./delivery-worker.ts, 30 s; tests/unit/mail-retry.test.ts
 * holds the order), so a send either finishes or fails before another worker may take the message.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 } as const;

/** SMTP_URL without its user and password, for logs. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

function nodemailerMessage(mail: OutgoingMail, from: MailSender) {
  const domain = from.address.split("@")[1] ?? "localhost";
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.attachments?.length ? { attachments: mail.attachments.map(({ filename, content, contentType }) => ({ filename, content, contentType })) } : {}),
    // The same Message-ID on every attempt, so a receiver can tell a retry from a second mail.
    messageId: `<${mail.id}@${domain}>`,
    headers: { "Auto-Submitted": "auto-generated" },
  };
}

/** Mail must never read local files or fetch URLs on a message's behalf. */
const SAFE = { disableFileAccess: true, disableUrlAccess: true } as const;

/** A path relative to the working directory when it lies inside it, else absolute. */
function displayPath(target: string): string {
  const relative = path.relative(process.cwd(), target);
  return relative === "" ? "." : relative.startsWith("..") || path.isAbsolute(relative) ? target : relative;
}

export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

export function createMailTransport(config: MailTransportConfig): MailTransport {
  if (config.kind === "smtp") {
    const transporter = nodemailer.createTransport({ ...smtpOptions(config.url), ...SAFE });
    return {
      kind: "smtp",
      description: `through ${describeSmtpUrl(config.url)}`,
      async deliver(mail) {
        const info = await transporter.sendMail(nodemailerMessage(mail, config.from));
        return { messageId: info.messageId };
      },
      close: () => transporter.close(),
    };
  }

  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix", ...SAFE });
  return {
    kind: "file",
    description: `as .eml files in ${displayPath(config.dir)}`,
    async deliver(mail) {
      const info = await transporter.sendMail(nodemailerMessage(mail, config.from));
      await mkdir(config.dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(config.dir, `${stamp}-${mail.id}.eml`);
      await writeFile(file, info.message as Buffer, { flag: "wx" });
      // Local use only: the links (which may carry a token) are what a developer needs to go on.
      const links = linksIn(mail.text);
      console.info(`[mail] wrote ${displayPath(file)}: "${mail.subject}" to ${mail.to}${links.length ? ` — ${links.join(" ")}` : ""}`);
      return { messageId: info.messageId, file };
    },
    close: () => transporter.close(),
  };
}

/** A refusal that will not change on retry: the server rejected the recipient or the message itself (5xx). */
export function isPermanentMailError(error: unknown): boolean {
  const e = error as { code?: unknown; responseCode?: unknown } | null;
  return (
    (e?.code === "EENVELOPE" || e?.code === "EMESSAGE") &&
    typeof e.responseCode === "number" &&
    e.responseCode >= 500 &&
    e.responseCode < 600
  );
}

/** One line for `last_error` and the log, without credentials. */
export function describeMailError(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown } | null;
  const code = [e?.code, e?.responseCode].filter((part) => typeof part === "string" || typeof part === "number").join(" ");
  const message = typeof e?.message === "string" ? e.message : String(error);
  return `${code ? `${code}: ` : ""}${message}`.replace(/\/\/[^/@\s]*@/g, "//***@").slice(0, 500);
}
