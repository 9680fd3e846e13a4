// Mail leaves through the outbox and the deliver-mail worker to a real SMTP server (smtp-server in
// this process), over nodemailer's real SMTP transport: retries through an outage, nothing for a change
// that rolled back, nothing lost when a nudge is, and each mail sent once.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { composeMail, enqueueMail, nudgeMailDelivery, passwordResetMessage, type MailMessage } from "../../lib/mail";
import { claimOutboxMessage } from "../../lib/mail/outbox";
import { createMailTransport, mailTransportConfig } from "../../lib/mail/transport";
import { startWorker as startQueueWorker, stopWorker, type WorkerOptions } from "../../lib/worker";
import { getDb, resetDatabase } from "../helpers/db";
import { pdfText } from "../helpers/pdf-text";
import { SMTP_PASSWORD, SMTP_USER, startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../helpers/smtp";

const SITE = "https://www.fixwell.test";
const FAST_RETRIES: WorkerOptions = { retryBaseSeconds: 1, retryMaxSeconds: 2, maxAttempts: 10, claimSeconds: 30, pollingIntervalSeconds: 0.5 };

let smtp: TestSmtpServer;

async function startWorker(options: WorkerOptions = {}) {
  const config = mailTransportConfig({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, MAIL_FROM: "no-reply@fixwell.test", MAIL_FILE_DIR: ".data/mail" });
  await startQueueWorker({ ...FAST_RETRIES, ...options, transport: createMailTransport(config) });
}

async function queueMail(message: MailMessage, { nudge = true } = {}): Promise<string> {
  const db = await getDb();
  const { id } = await db.$transaction((tx) => enqueueMail(tx, message));
  if (nudge) await nudgeMailDelivery(id);
  return id;
}

async function outboxRow(id: string) {
  return (await getDb()).outboxMessage.findUnique({ where: { id } });
}

async function waitForRow(id: string, done: (row: NonNullable<Awaited<ReturnType<typeof outboxRow>>>) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await outboxRow(id);
    if (row && done(row)) return row;
    if (Date.now() > deadline) throw new Error(`outbox row ${id} did not reach the expected state: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const mailsFor = (id: string): ReceivedMail[] => smtp.received.filter((mail) => mail.parsed.messageId === `<${id}@fixwell.test>`);

const note = (to: string, subject: string) => composeMail({ to, subject, paragraphs: ["A note for the tests."] });

beforeAll(async () => {
  smtp = await startSmtpServer({ refuseRecipient: (address) => address.startsWith("nobody@") });
  await startWorker();
});

afterAll(async () => {
  await stopWorker();
  await smtp.stop();
});

beforeEach(async () => {
  await resetDatabase();
  await smtp.start();
  smtp.received.length = 0;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("mail delivery over SMTP", () => {
  it("delivers a queued mail with a text and an HTML part, the site's name as sender, and the link to the site", async () => {
    const logged: string[] = [];
    for (const level of ["info", "warn", "error"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.join(" ")));
    }
    const token = randomBytes(32).toString("base64url");
    const id = await queueMail(passwordResetMessage({ to: "ada@example.com", token, validMinutes: 30, baseUrl: SITE }));

    const [mail] = await smtp.waitForMail(1);
    const link = `${SITE}/reset-password?token=${token}`;
    expect(mail.user).toBe(SMTP_USER);
    expect(mail.envelopeTo).toEqual(["ada@example.com"]);
    expect(mail.parsed.from?.value).toEqual([{ name: "Fixwell", address: "no-reply@fixwell.test" }]);
    expect(mail.parsed.subject).toBe("Reset your Fixwell password");
    expect(mail.parsed.messageId).toBe(`<${id}@fixwell.test>`);
    expect(mail.parsed.headers.get("auto-submitted")).toBe("auto-generated");
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.parsed.text).toContain(link);
    expect(mail.parsed.text).toContain("30 minutes");
    expect(mail.parsed.html).toContain(`href="${link}"`);

    // No tracking: nothing is loaded from anywhere, and every link goes straight to the site.
    const html = mail.parsed.html as string;
    expect(html).not.toMatch(/<img|src=|url\(|@import/i);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(new URL(href).origin).toBe(SITE);
    expect(new URL(link).searchParams.get("token")).toBe(token);

    const row = await waitForRow(id, (r) => r.sentAt !== null);
    expect(row).toMatchObject({ attempts: 1, lastError: null, text: "", html: "", failedAt: null });
    // Over SMTP the log names the mail but never its links (they carry tokens) or the SMTP password.
    expect(logged.join("\n")).toContain(id);
    expect(logged.join("\n")).not.toContain(token);
    expect(logged.join("\n")).not.toContain(SMTP_PASSWORD);
  });

  it("attaches the invoice a mail names as a PDF rendered at send time; the outbox row holds only its id", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const db = await getDb();
    const invoice = await db.invoice.create({
      data: {
        id: randomUUID(),
        kind: "invoice",
        series: "2026-H18",
        number: 7,
        sourceKey: "mail-test",
        issuer: "handyman",
        issuerName: "Nina Klus B.V.",
        issuerStreet: "Coolsingel 40",
        issuerPostcode: "3011 AD",
        issuerCity: "Rotterdam",
        issuerKvk: "12345678",
        issuerVatId: "NL000099998B57",
        recipientName: "Ada",
        recipientStreet: "Straat 1",
        recipientPostcode: "1234 AB",
        recipientCity: "Rotterdam",
        workDescription: "pipe leakage job in Rotterdam",
        workDate: new Date("2026-12-01"),
        lines: [{ kind: "labour", description: "", netCents: 10_000, vatRate: 21 }],
        rates: [{ rate: 21, netCents: 10_000, vatCents: 2_100 }],
        netCents: 10_000,
        vatCents: 2_100,
        totalCents: 12_100,
        locale: "nl",
      },
    });
    const { id } = await db.$transaction((tx) => enqueueMail(tx, note("ada@example.com", "Your invoice"), { invoiceId: invoice.id }));
    expect(await outboxRow(id)).toMatchObject({ invoiceId: invoice.id });
    await nudgeMailDelivery(id);
    const [mail] = await smtp.waitForMail(1);
    const [attachment] = mail.parsed.attachments;
    expect(attachment).toMatchObject({ filename: "factuur-2026-H18-0007.pdf", contentType: "application/pdf" });
    const text = await pdfText(attachment.content);
    expect(text).toContain("Factuur 2026-H18-0007");
    expect(text).toContain("Totaal € 121,00");
    expect(mail.parsed.text).not.toContain("/api/invoices/");
  });

  it("keeps a mail queued while the SMTP server is down and delivers it exactly once when the server is back", async () => {
    const warnings: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.join(" ")));
    vi.spyOn(console, "info").mockImplementation(() => {});
    await smtp.stop();
    const id = await queueMail(note("grace@example.com", "Sent through an outage"));

    // Two attempts over and failed: an attempt counts when it is claimed, so a claim still held is one
    // still connecting, which the server coming back could let through as the second.
    const failing = await waitForRow(id, (r) => r.attempts >= 2 && r.claimedUntil === null);
    expect(failing.sentAt).toBeNull();
    expect(failing.failedAt).toBeNull();
    expect(failing.lastError).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
    expect(mailsFor(id)).toHaveLength(0);

    await smtp.start();
    const sent = await waitForRow(id, (r) => r.sentAt !== null);
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
    expect(sent.lastError).toBeNull();
    // Longer than the largest backoff plus a poll: a second delivery would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(mailsFor(id)).toHaveLength(1);
    expect(warnings.join("\n")).not.toContain(SMTP_PASSWORD);
  });

  it("sends nothing for a change that rolled back: the outbox row goes with the transaction", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const db = await getDb();
    let rolledBackId = "";
    await expect(
      db.$transaction(async (tx) => {
        rolledBackId = (await enqueueMail(tx, note("rollback@example.com", "A change that did not happen"))).id;
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(rolledBackId).not.toBe("");
    expect(await outboxRow(rolledBackId)).toBeNull();
    await nudgeMailDelivery(rolledBackId);

    // A mail queued afterwards arrives, so the worker has had its chance at the first one.
    const committedId = await queueMail(note("commit@example.com", "A change that happened"));
    await waitForRow(committedId, (r) => r.sentAt !== null);
    await smtp.waitForMail(1);
    expect(smtp.received.map((mail) => mail.envelopeTo)).toEqual([["commit@example.com"]]);
    expect(await db.outboxMessage.count()).toBe(1);
  });

  it("sends a mail whose nudge was lost when the worker starts, from the outbox alone", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    await stopWorker();
    const id = await queueMail(note("lost@example.com", "Nudge lost"), { nudge: false });
    try {
      await startWorker();
      await smtp.waitForMail(1);
      expect(mailsFor(id)).toHaveLength(1);
    } finally {
      await startWorker();
    }
  });

  it("drains a backlog without waiting a poll between mails: twelve queued mails go out in one go once the worker looks", { timeout: 60_000 }, async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    await stopWorker();
    // Polling every 20 s: the mails queued below wait for the next poll; one mail a poll would then take
    // twelve polls (four minutes), fetching again while fetches come back full takes seconds.
    await startWorker({ pollingIntervalSeconds: 20 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push(await queueMail(note(`backlog-${i}@example.com`, `Backlog ${i}`)));
      await smtp.waitForMail(1, 30_000);
      const first = Date.now();
      await smtp.waitForMail(12, 15_000);
      expect(Date.now() - first).toBeLessThan(15_000);
      for (const id of ids) expect(mailsFor(id)).toHaveLength(1);
    } finally {
      await stopWorker();
      await startWorker();
    }
  });

  it("gives up at once on a recipient the server refuses for good, and keeps the reason", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const id = await queueMail(note("nobody@example.com", "Refused"));
    const row = await waitForRow(id, (r) => r.failedAt !== null);
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeNull();
    expect(row.lastError).toMatch(/550/);
    expect(smtp.received).toHaveLength(0);
  });

  it("keeps no token of a mail it gave up on: the bodies go, recipient, subject and reason stay", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const token = randomBytes(32).toString("base64url");
    const id = await queueMail(passwordResetMessage({ to: "nobody@example.com", token, validMinutes: 30, baseUrl: SITE }), { nudge: false });
    expect((await outboxRow(id))?.text).toContain(token);
    await nudgeMailDelivery(id);
    const row = await waitForRow(id, (r) => r.failedAt !== null);
    expect(row).toMatchObject({ text: "", html: "", recipient: "nobody@example.com", sentAt: null });
    expect(row.subject).not.toBe("");
    expect(row.lastError).toMatch(/550/);
    const db = await getDb();
    const holding = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "mail_outbox" WHERE "text" LIKE ${"%" + token + "%"} OR "html" LIKE ${"%" + token + "%"}`;
    expect(Number(holding[0]?.n)).toBe(0);
  });

  it("stops trying after the last allowed attempt and leaves the mail for an operator", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
    await stopWorker();
    await startWorker({ maxAttempts: 2 });
    try {
      await smtp.stop();
      const id = await queueMail(note("patient@example.com", "Never arrives"));
      const row = await waitForRow(id, (r) => r.failedAt !== null);
      expect(row.attempts).toBe(2);
      expect(row.lastError).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
      expect(row.subject).toBe("Never arrives");
      expect([row.text, row.html]).toEqual(["", ""]);
    } finally {
      await stopWorker();
      await startWorker();
    }
  });
});

describe("the outbox claim", () => {
  it("hands a row to one worker at a time: of two simultaneous claims exactly one succeeds", async () => {
    await stopWorker();
    try {
      const id = await queueMail(note("claim@example.com", "Claimed once"), { nudge: false });
      const db = await getDb();
      const claims = await Promise.all([claimOutboxMessage(db, id, 30), claimOutboxMessage(db, id, 30)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await claimOutboxMessage(db, id, 30)).toBeUndefined();
      expect((await outboxRow(id))?.attempts).toBe(1);
    } finally {
      vi.spyOn(console, "info").mockImplementation(() => {});
      await startWorker();
    }
  });
});
