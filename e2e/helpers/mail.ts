// Mail in the browser tests: the test server sends it as .eml files into MAIL_FILE_DIR
// (playwright.config.ts), which a spec reads to follow the links a person would click.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";

/**
 * The path and query of the newest link to `linkPath` in a mail to `to` whose subject matches
 * `subject`, once the server's worker has written it (that may take a moment).
 */
export async function mailedLink(to: string, subject: RegExp, linkPath: string, timeoutMs = 60_000): Promise<string> {
  const folder = process.env.MAIL_FILE_DIR;
  if (!folder) throw new Error("MAIL_FILE_DIR is not set: the browser tests read mail from files (playwright.config.ts).");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // File names start with the time they were written, so the newest mail comes last.
    const files = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith(".eml")).sort().reverse();
    for (const file of files) {
      // Late in a run the folder holds hundreds of mails: only those naming the address are parsed.
      const raw = await readFile(path.join(folder, file));
      if (!raw.includes(to)) continue;
      const mail = await simpleParser(raw);
      const recipients = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) => group.value);
      if (!recipients.some((address) => address.address === to) || !subject.test(mail.subject ?? "")) continue;
      const link = (mail.text ?? "").match(/https?:\/\/\S+/g)?.map((href) => new URL(href)).find((url) => url.pathname === linkPath);
      if (link) return link.pathname + link.search;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} with a link to ${linkPath} in ${folder}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
