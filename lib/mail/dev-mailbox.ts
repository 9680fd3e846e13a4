// Reads back the .eml files of the file transport for the development mailbox at /dev/mail. It
// understands what nodemailer writes (headers, a multipart/alternative body, 7bit, quoted-printable or
// base64 parts, RFC 2047 words in headers); it is not a general mail parser.
import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { linksIn } from "./transport";

export type DevMail = { file: string; date: Date; from: string; to: string; subject: string; text: string; links: string[] };

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): Buffer {
  const percentEncoded = body
    .replace(/=\n/g, "")
    .replace(/%/g, "%25")
    .replace(/=([0-9A-Fa-f]{2})/g, "%$1");
  return Buffer.from(decodeURIComponent(percentEncoded), "utf8");
}

function decodeBody(part: Part): string {
  const encoding = part.headers.get("content-transfer-encoding")?.toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body).toString("utf8");
  return part.body;
}

/** Decodes `=?utf-8?Q?…?=` and `=?utf-8?B?…?=` words; the space between two such words is dropped. */
function decodeHeaderWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")).toString("utf8"),
    );
}

/** The headers and the plain-text part of one .eml file. */
export function readEml(raw: string): { from: string; to: string; subject: string; date: string; text: string } {
  const message = splitPart(raw);
  const header = (name: string) => decodeHeaderWords(message.headers.get(name) ?? "");
  let text = "";
  const contentType = message.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary) {
    for (const chunk of message.body.split(`--${boundary}`).slice(1)) {
      const part = splitPart(chunk.replace(/^\n/, ""));
      if ((part.headers.get("content-type") ?? "").toLowerCase().startsWith("text/plain")) {
        text = decodeBody(part).replace(/\n$/, "");
        break;
      }
    }
  } else if (contentType.toLowerCase().startsWith("text/plain")) {
    text = decodeBody(message);
  }
  return { from: header("from"), to: header("to"), subject: header("subject"), date: header("date"), text };
}

/** The newest `limit` mails written to `dir`, newest first; an empty list when the folder does not exist yet. */
export async function listDevMailbox(dir: string, limit = 50): Promise<DevMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return [];
    throw error;
  }
  const newest = names
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .reverse()
    .slice(0, limit);
  return Promise.all(
    newest.map(async (file) => {
      const mail = readEml(await readFile(path.join(dir, file), "utf8"));
      return { file, date: new Date(mail.date), from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, links: linksIn(mail.text) };
    }),
  );
}
