// The development mailbox: the mails the file transport wrote, newest first, with their links.
import { Card } from "@/components/ui/card";
import type { DevMail } from "@/lib/mail";
import styles from "./dev-mailbox.module.css";

type Props = { mails: DevMail[]; folder?: string; smtpServer?: string };

export function DevMailbox({ mails, folder, smtpServer }: Props) {
  return (
    <div className={`container ${styles.page}`}>
      <h1>Mail</h1>
      {smtpServer ? (
        <p>
          This development server sends mail through <code>{smtpServer}</code>: look in that server&apos;s mailbox. Without
          SMTP_URL (or with MAIL_TRANSPORT=file) the mail would be listed here.
        </p>
      ) : (
        <p>
          Mail written to <code>{folder}</code> by this development server, newest first. This page does not exist in
          production.
        </p>
      )}
      {mails.length === 0 ? (
        <p>No mail yet.</p>
      ) : (
        <ol className={styles.list}>
          {mails.map((mail) => (
            <Card as="li" key={mail.file}>
              <h2>{mail.subject || "(no subject)"}</h2>
              <p className={styles.meta}>
                To {mail.to} · from {mail.from} ·{" "}
                <time dateTime={Number.isNaN(mail.date.getTime()) ? undefined : mail.date.toISOString()}>{mail.date.toLocaleString("en-GB")}</time>{" "}
                · {mail.file}
              </p>
              {mail.links.length > 0 && (
                <ul className={styles.links}>
                  {mail.links.map((link) => (
                    <li key={link}>
                      <a href={link}>{link}</a>
                    </li>
                  ))}
                </ul>
              )}
              <details>
                <summary>Text</summary>
                <pre className={styles.body}>{mail.text}</pre>
              </details>
            </Card>
          ))}
        </ol>
      )}
    </div>
  );
}
