import path from "node:path";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { DevMailbox } from "@/components/dev/dev-mailbox";
import { describeSmtpUrl, listDevMailbox, mailTransportConfig } from "@/lib/mail";

export const metadata: Metadata = { title: "Mail (development)", robots: { index: false, follow: false } };

// Development only: lists the .eml files of the file transport. Production answers 404.
export default async function DevMailPage() {
  if (process.env.NODE_ENV === "production") notFound();
  await connection();
  const config = mailTransportConfig();
  if (config.kind === "smtp") return <DevMailbox mails={[]} smtpServer={describeSmtpUrl(config.url)} />;
  return <DevMailbox mails={await listDevMailbox(config.dir)} folder={path.relative(process.cwd(), config.dir) || "."} />;
}
