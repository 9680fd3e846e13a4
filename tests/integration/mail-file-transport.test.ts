// With nothing configured, mail is written as .eml files (the local default), its subject and links
// are logged for the developer, and the development mailbox (/dev/mail) lists it.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { enqueueMail, listDevMailbox, nudgeMailDelivery, verifyEmailMessage } from "../../lib/mail";
import { startWorker, stopWorker } from "../../lib/worker";
import { createMailTransport, mailTransportConfig } from "../../lib/mail/transport";
import { getDb, resetDatabase } from "../helpers/db";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "fixwell-mail-"));
  await resetDatabase();
  const config = mailTransportConfig({ MAIL_TRANSPORT: "file", MAIL_FILE_DIR: dir, SMTP_URL: undefined, MAIL_FROM: undefined });
  await startWorker({ transport: createMailTransport(config), pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await stopWorker();
  await rm(dir, { recursive: true, force: true });
});

async function waitForFiles(count: number, timeoutMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(dir)).filter((name) => name.endsWith(".eml"));
    if (files.length >= count) return files;
    if (Date.now() > deadline) throw new Error(`expected ${count} .eml file(s) in ${dir}, found ${files.length}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it("writes each mail as an .eml file with both parts, logs its subject and link, and lists it in the development mailbox", async () => {
  const logged: string[] = [];
  vi.spyOn(console, "info").mockImplementation((...args: unknown[]) => void logged.push(args.join(" ")));
  const token = randomBytes(32).toString("base64url");
  const db = await getDb();
  const { id } = await db.$transaction((tx) => enqueueMail(tx, verifyEmailMessage({ to: "lin@example.com", token, role: "homeowner", baseUrl: "http://localhost:3000" })));
  await nudgeMailDelivery(id);

  const [file] = await waitForFiles(1);
  expect(file).toMatch(new RegExp(`-${id}\\.eml$`));
  const link = `http://localhost:3000/verify-email?token=${token}`;
  const parsed = await simpleParser(await readFile(path.join(dir, file)));
  expect(parsed.from?.value).toEqual([{ name: "Fixwell", address: "no-reply@localhost" }]);
  expect(parsed.subject).toBe("Confirm your email address for Fixwell");
  expect(parsed.text).toContain(link);
  expect(parsed.html).toContain(`href="${link}"`);

  const line = logged.find((entry) => entry.includes(id));
  expect(line).toContain("Confirm your email address for Fixwell");
  expect(line).toContain(link);

  const [listed] = await listDevMailbox(dir);
  // The action's link, then the footer's one to the notification choices.
  expect(listed).toMatchObject({ file, to: "lin@example.com", subject: parsed.subject, links: [link, "http://localhost:3000/account#notifications"] });
  expect(listed.from).toContain("no-reply@localhost");
  expect(listed.text).toBe(parsed.text?.trimEnd());
  expect(Math.abs(listed.date.getTime() - Date.now())).toBeLessThan(60_000);
  vi.restoreAllMocks();
});
