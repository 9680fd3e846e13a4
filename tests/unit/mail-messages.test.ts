// Every mail the product sends: both parts say the same thing, text is escaped in the HTML, links go
// straight to the site, and nothing is loaded from anywhere (no tracking).
import { describe, expect, it } from "vitest";
import {
  accountDeletedMessage,
  composeMail,
  invitationMessage,
  passwordChangedMessage,
  passwordResetMessage,
  verifyEmailMessage,
  type MailMessage,
} from "../../lib/mail/messages";
import { describeMailError, describeSmtpUrl, isPermanentMailError, linksIn, smtpOptions } from "../../lib/mail/transport";

const SITE = "https://www.fixwell.example";
const token = "a".repeat(43);

const builders: [string, MailMessage, string | null][] = [
  ["verify-email", verifyEmailMessage({ to: "a@example.com", token, role: "homeowner", baseUrl: SITE }), `${SITE}/verify-email?token=${token}`],
  ["password-reset", passwordResetMessage({ to: "a@example.com", token, validMinutes: 30, baseUrl: SITE }), `${SITE}/reset-password?token=${token}`],
  ["password-changed", passwordChangedMessage({ to: "a@example.com", baseUrl: SITE }), `${SITE}/forgot-password`],
  ["account-deleted", accountDeletedMessage({ to: "a@example.com" }), null],
  ["account-deleted, with a job kept for a handyman", accountDeletedMessage({ to: "a@example.com", keptForHandymen: 1 }), null],
  ["invitation", invitationMessage({ to: "a@example.com", token, role: "handyman", validDays: 7, baseUrl: SITE }), `${SITE}/set-password?token=${token}`],
];

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));

describe("mail builders", () => {
  it("the goodbye says how many accepted jobs stay in handymen's records, and only when there are some", () => {
    expect(accountDeletedMessage({ to: "a@example.com" }).text).not.toContain("records");
    expect(accountDeletedMessage({ to: "a@example.com", keptForHandymen: 1 }).text).toContain("One job a handyman had accepted stays in that handyman's records");
    expect(accountDeletedMessage({ to: "a@example.com", keptForHandymen: 3 }).text).toContain("3 jobs a handyman had accepted stay in that handyman's records");
  });

  it.each(builders)("%s has a one-line subject, a text and an HTML part, and its link in both", (_, message, link) => {
    expect(message.to).toBe("a@example.com");
    expect(message.subject).toMatch(/^[^\r\n]+$/);
    expect(message.subject).toContain("Fixwell");
    expect(message.text).toMatch(/^Hello,/);
    expect(message.html).toMatch(/^<!doctype html>/);
    if (link) {
      // The action's link, and the footer's one to the notification choices (issue 35).
      expect(linksIn(message.text)).toEqual([link, `${SITE}/account#notifications`]);
      expect(new Set(hrefs(message.html))).toEqual(new Set([link, `${SITE}/account#notifications`]));
    } else {
      expect(linksIn(message.text)).toEqual([]);
      expect(hrefs(message.html)).toEqual([]);
    }
  });

  it.each(builders)("%s loads nothing from anywhere: no images, scripts, styles or fonts from outside", (_, message) => {
    expect(message.html).not.toMatch(/<img|<script|<link|<iframe|src=|url\(|@import/i);
  });

  it("escapes text in the HTML part and keeps it as written in the text part", () => {
    const message = composeMail({
      to: "a@example.com",
      subject: "Fish & chips",
      paragraphs: [`<script>alert("x")</script> & 'quotes'`],
      action: { label: "Go <now>", url: `${SITE}/a?b=1&c="2"` },
    });
    expect(message.html).not.toContain("<script>");
    expect(message.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;");
    expect(message.html).toContain(`href="${SITE}/a?b=1&amp;c=&quot;2&quot;"`);
    expect(message.html).toContain("Go &lt;now&gt;");
    expect(message.html).toContain("<title>Fish &amp; chips</title>");
    expect(message.text).toContain(`<script>alert("x")</script> & 'quotes'`);
  });

  it("refuses a subject that would add a header", () => {
    expect(() => composeMail({ to: "a@example.com", subject: "Hi\r\nBcc: b@example.com", paragraphs: ["x"] })).toThrow();
  });

  it("ends every mail with a link to the notification choices on /account, in the reader's language; the goodbye to a deleted account has none", () => {
    expect(passwordResetMessage({ to: "a@example.com", token, validMinutes: 30, baseUrl: SITE }).text).toContain(`Choose which mails you get: ${SITE}/account#notifications`);
    expect(passwordResetMessage({ to: "a@example.com", token, validMinutes: 30, baseUrl: SITE, locale: "nl" }).text).toContain(`Kies welke mail je krijgt: ${SITE}/nl/account#notifications`);
    expect(accountDeletedMessage({ to: "a@example.com" }).text).not.toContain("/account");
  });

  it("refuses a recipient that is not an address", () => {
    expect(() => composeMail({ to: "a@example.com, b@example.com", subject: "Hi", paragraphs: ["x"] })).toThrow();
  });

  it("puts the token in the query string, encoded", () => {
    const message = verifyEmailMessage({ to: "a@example.com", token: "a+b/c=", role: "homeowner", baseUrl: `${SITE}/ignored/path` });
    expect(linksIn(message.text)[0]).toBe(`${SITE}/verify-email?token=a%2Bb%2Fc%3D`);
  });
});

describe("SMTP settings", () => {
  it("reads host, port, TLS and the decoded credentials from SMTP_URL", () => {
    expect(smtpOptions("smtps://mailer:p%40ss%3Aword@mail.fixwell.example:465")).toMatchObject({
      host: "mail.fixwell.example",
      port: 465,
      secure: true,
      requireTLS: false,
      auth: { user: "mailer", pass: "p@ss:word" },
    });
  });

  it("insists on STARTTLS before sending a password to another machine, not on this one", () => {
    expect(smtpOptions("smtp://u:p@mail.fixwell.example:587")).toMatchObject({ secure: false, requireTLS: true });
    expect(smtpOptions("smtp://u:p@mail.fixwell.example:587?requireTLS=false").requireTLS).toBe(false);
    expect(smtpOptions("smtp://127.0.0.1:2525").requireTLS).toBe(false);
    expect(smtpOptions("smtp://127.0.0.1:2525")).not.toHaveProperty("auth");
  });

  it("describes SMTP_URL without the user or password", () => {
    expect(describeSmtpUrl("smtp://mailer:hunter2@mail.fixwell.example:587")).toBe("smtp://mail.fixwell.example:587");
  });

  it("treats a 5xx refusal of the recipient or message as final, and outages and 4xx as worth a retry", () => {
    expect(isPermanentMailError(Object.assign(new Error("550 no such user"), { code: "EENVELOPE", responseCode: 550 }))).toBe(true);
    expect(isPermanentMailError(Object.assign(new Error("552 too big"), { code: "EMESSAGE", responseCode: 552 }))).toBe(true);
    expect(isPermanentMailError(Object.assign(new Error("451 try later"), { code: "EENVELOPE", responseCode: 451 }))).toBe(false);
    expect(isPermanentMailError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET" }))).toBe(false);
    expect(isPermanentMailError(Object.assign(new Error("535 auth failed"), { code: "EAUTH", responseCode: 535 }))).toBe(false);
  });

  it("describes an error on one line without credentials", () => {
    const error = Object.assign(new Error("Connection to smtp://mailer:hunter2@host failed"), { code: "ECONNECTION" });
    expect(describeMailError(error)).toBe("ECONNECTION: Connection to smtp://***@host failed");
  });
});
