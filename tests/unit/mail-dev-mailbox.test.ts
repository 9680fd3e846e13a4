// The development mailbox reads back what the file transport wrote, including the encodings nodemailer
// picks for long lines and non-ASCII text, and is not there at all in production.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listDevMailbox, readEml } from "../../lib/mail/dev-mailbox";
import { composeMail } from "../../lib/mail/messages";
import { createMailTransport } from "../../lib/mail/transport";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("development mailbox", () => {
  it("lists written mail newest first with subject, recipient, text and whole links", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const dir = await mkdtemp(path.join(tmpdir(), "fixwell-mailbox-"));
    try {
      const transport = createMailTransport({ kind: "file", dir, from: { name: "Fixwell", address: "no-reply@localhost" } });
      const long = `https://www.fixwell.example/reset-password?token=${"x".repeat(120)}`;
      await transport.deliver({ id: "first", ...composeMail({ to: "a@example.com", subject: "Plain ASCII", paragraphs: ["One."] }) });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await transport.deliver({
        id: "second",
        ...composeMail({ to: "b@example.com", subject: "Café — naïve ✓", paragraphs: ["Één reparatie, 100% klaar = mooi."], action: { label: "Open", url: long } }),
      });

      const [second, first] = await listDevMailbox(dir);
      // Every mail ends with the link to the notification choices (docs/notifications.md).
      const choices = expect.stringMatching(/\/account#notifications$/);
      expect(first).toMatchObject({ to: "a@example.com", subject: "Plain ASCII", links: [choices] });
      expect(second).toMatchObject({ to: "b@example.com", subject: "Café — naïve ✓", links: [long, choices] });
      expect(second.text).toContain("Één reparatie, 100% klaar = mooi.");
      expect(second.from).toBe("Fixwell <no-reply@localhost>");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("is empty before any mail was written", async () => {
    expect(await listDevMailbox(path.join(tmpdir(), "fixwell-no-such-folder"))).toEqual([]);
  });

  it("reads base64 parts and encoded-word headers", () => {
    const raw = [
      "Subject: =?UTF-8?B?SGFsbG8g?= =?UTF-8?Q?w=C3=A9reld?=",
      "To: c@example.com",
      'Content-Type: multipart/alternative; boundary="b1"',
      "",
      "--b1",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("Dag wéreld\n").toString("base64"),
      "--b1--",
    ].join("\r\n");
    expect(readEml(raw)).toMatchObject({ subject: "Hallo wéreld", to: "c@example.com", text: "Dag wéreld" });
  });

  it("answers 404 in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { default: DevMailPage } = await import("../../app/[locale]/dev/mail/page");
    await expect(DevMailPage()).rejects.toMatchObject({ digest: expect.stringMatching(/404/) });
  });
});
