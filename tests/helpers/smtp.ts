// A real SMTP server in the test process (smtp-server on 127.0.0.1), which keeps every message it
// accepts, parsed with mailparser. It can be stopped and started again on the same port, to play an
// outage, told to refuse recipients for good (550), and told to hold its reply to one message (to play
// a sender that dies between the server's acceptance and its record of it).
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { getDb, resetDatabase } from "./db";

export type ReceivedMail = { envelopeTo: string[]; raw: string; parsed: ParsedMail; user?: string };

export type TestSmtpServer = {
  readonly port: number;
  /** smtp://user:password@127.0.0.1:port */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Closes the listening socket: connections are refused until `start()`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /**
   * The next message to `address` is kept (it counts in `received`) but the server does not reply to
   * it until the sender's connection closes: `arrived` resolves with the sender's port then.
   */
  holdNext(address: string): { arrived: Promise<{ clientPort: number }> };
  /** Resolves with the first `count` mails once that many arrived; rejects after `timeoutMs`. */
  waitForMail(count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
};

export const SMTP_USER = "fixwell";
export const SMTP_PASSWORD = "smtp-secret-password";

type Options = { refuseRecipient?: (address: string) => boolean };

export async function startSmtpServer({ refuseRecipient = () => false }: Options = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;
  const holds = new Map<string, (clientPort: number) => void>();

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = new SMTPServer({
        logger: false,
        disabledCommands: ["STARTTLS"],
        allowInsecureAuth: true,
        closeTimeout: 100,
        onAuth(auth, _session, callback) {
          if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
          else callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
        },
        onRcptTo(address, _session, callback) {
          if (refuseRecipient(address.address)) callback(Object.assign(new Error("No such mailbox"), { responseCode: 550 }));
          else callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            const raw = Buffer.concat(chunks).toString("utf8");
            simpleParser(raw).then(
              (parsed) => {
                const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
                received.push({ envelopeTo, raw, parsed, user: session.user as string | undefined });
                const held = envelopeTo.find((to) => holds.has(to));
                if (held === undefined) return callback();
                holds.get(held)!(session.remotePort);
                holds.delete(held);
                // No reply: the sender's connection ends without one (its process is killed).
              },
              (error: Error) => callback(error),
            );
          });
        },
      });
      next.on("error", () => {});
      next.server.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.server.address() as { port: number }).port;
        server = next;
        resolve();
      });
    });

  await listen();

  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`;
    },
    received,
    holdNext(address) {
      return { arrived: new Promise((resolve) => holds.set(address, (clientPort) => resolve({ clientPort }))) };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const running = server;
        server = undefined;
        if (running) running.close(() => resolve());
        else resolve();
      }),
    start: () => (server ? Promise.resolve() : listen()),
    async waitForMail(count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) at the SMTP server within ${timeoutMs} ms, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received.slice(0, count);
    },
  };
}

/**
 * The first mail to `to` whose subject matches `subject`, once the server has received it and the worker
 * has marked every queued mail to `to` as sent (it does so just after the server accepts a message), so a
 * table snapshot taken next does not race the worker.
 */
export async function waitForMailTo(server: TestSmtpServer, to: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = server.received.find((m) => m.envelopeTo.includes(to) && subject.test(m.parsed.subject ?? ""));
    if (mail) {
      await outboxDrainedFor(to, deadline);
      return mail;
    }
    if (Date.now() > deadline) {
      const seen = server.received.map((m) => `${m.envelopeTo.join(",")}: ${m.parsed.subject}`).join("; ");
      throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms (received: ${seen || "nothing"})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until no mail to `to` is still queued (neither sent nor given up on). */
async function outboxDrainedFor(to: string, deadline: number): Promise<void> {
  const db = await getDb();
  while ((await db.outboxMessage.count({ where: { recipient: to, sentAt: null, failedAt: null } })) > 0) {
    if (Date.now() > deadline) throw new Error(`mail to ${to} was received but is still queued in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The link to `path` in a mail's plain-text part, as a reader would follow it. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const found = (mail.parsed.text ?? "").match(/https?:\/\/\S+/g)?.map((href) => new URL(href)).find((url) => url.pathname === path);
  if (!found) throw new Error(`no link to ${path} in the mail "${mail.parsed.subject}": ${mail.parsed.text}`);
  return found;
}

/**
 * An SMTP server in this process and the app's job worker sending to it, retrying after a second: for
 * tests that follow the links in the mail the app sends. `stop()` stops both.
 */
type TestMailWorker = { smtp: TestSmtpServer; stop(): Promise<void> };

async function startMailWorker(): Promise<TestMailWorker> {
  const { startWorker, stopWorker } = await import("../../lib/worker");
  const { createMailTransport, mailTransportConfig } = await import("../../lib/mail/transport");
  const smtp = await startSmtpServer();
  const config = mailTransportConfig({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, MAIL_FROM: "no-reply@fixwell.test", MAIL_FILE_DIR: ".data/mail" });
  await startWorker({ transport: createMailTransport(config), retryBaseSeconds: 1, retryMaxSeconds: 1, pollingIntervalSeconds: 0.5 });
  return {
    smtp,
    async stop() {
      await stopWorker();
      await smtp.stop();
    },
  };
}

/**
 * For a test file that follows mailed links: the SMTP server and the worker run for the whole file, and
 * each test starts with an empty database and a running server with an empty mailbox.
 */
export function withMailWorker(): { readonly smtp: TestSmtpServer } {
  let worker: TestMailWorker | undefined;
  beforeAll(async () => {
    worker = await startMailWorker();
  });
  afterAll(() => worker?.stop());
  beforeEach(async () => {
    await resetDatabase();
    await worker!.smtp.start();
    worker!.smtp.received.length = 0;
  });
  return {
    get smtp() {
      return worker!.smtp;
    },
  };
}
