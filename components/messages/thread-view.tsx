// A thread page's body, for its homeowner (/dashboard/orders/{id}/messages/{threadId}) and its handyman
// (/pro/messages/{threadId}), laid out as a conversation (./thread.module.css): the messages oldest first,
// each in its bubble with its sender and time (the reader's own on the right, the other side's on the
// left; another's contact details a notice of Fixwell's until the job is accepted), the newest
// THREAD_PAGE_SIZE of them with a plain link to the earlier ones (a signed cursor in the address, so no
// JavaScript is needed), the composer below them while the thread is open, the report form, and the live
// updates (on the newest page, where a new message is appended, scrolled to and announced).
import { randomUUID } from "node:crypto";
import { getTranslations } from "next-intl/server";
import { PageNotice } from "@/components/auth/page-notice";
import { Link } from "@/components/i18n/link";
import { pageHref } from "@/components/ui/pager";
import { threadPath } from "@/lib/messages/digest";
import { formatDateTime } from "@/lib/format";
import type { Locale } from "@/i18n/locales";
import type { ShownMessage, ThreadView } from "@/lib/messages/threads";
import { ReportThreadForm, SendMessageForm } from "./thread-forms";
import { ThreadLive } from "./thread-live";
import { ThreadAnnouncer } from "./thread-announcer";
import { COMPOSER_ID, messageBodyId, messageElementId } from "./thread-ids";
import styles from "./thread.module.css";

/** The links to the earlier and the later messages of a thread page at `path` (nothing when it has one page). */
export function ThreadPaging({ thread, path, text }: { thread: Pick<ThreadView, "earlier" | "later">; path: string; text: { label: string; earlier: string; later: string; newest: string } }) {
  if (!thread.earlier && !thread.later) return null;
  return (
    <nav aria-label={text.label}>
      <ul style={{ listStyle: "none", padding: 0, margin: 0, display: "flex", flexWrap: "wrap", gap: "1rem" }}>
        {thread.earlier ? (
          <li>
            <Link href={pageHref(path, {}, thread.earlier)} rel="prev" prefetch={false} data-testid="thread-earlier">
              {text.earlier}
            </Link>
          </li>
        ) : null}
        {thread.later ? (
          <li>
            <Link href={pageHref(path, {}, thread.later)} rel="next" prefetch={false} data-testid="thread-later">
              {text.later}
            </Link>
          </li>
        ) : null}
        {thread.later ? (
          <li>
            <Link href={path} prefetch={false}>
              {text.newest}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** The page's usual width and margins around a conversation. */
export function ConversationPage({ children }: { children: React.ReactNode }) {
  return <div className={styles.page}>{children}</div>;
}

/**
 * A page of messages as bubbles, oldest first: `sender` names each, `side` puts it on the left ("start")
 * or the right ("end"); a hidden contact detail reads `masked`, styled as a notice.
 */
export function MessageList({
  messages,
  locale,
  label,
  masked,
  sender,
  side,
}: {
  messages: ShownMessage[];
  locale: Locale;
  label: string;
  masked: string;
  sender: (message: ShownMessage) => string;
  side: (message: ShownMessage) => "start" | "end";
}) {
  return (
    <ol aria-label={label} data-testid="thread-messages" className={styles.messages}>
      {messages.map((message) => (
        <li key={message.id} id={messageElementId(message.id)} data-testid="thread-message" className={`${styles.message} ${styles[side(message)]}`}>
          <p className={styles.meta}>
            <span className={styles.sender}>{sender(message)}</span>
            <time dateTime={message.createdAt.toISOString()} className={styles.time}>
              {formatDateTime(message.createdAt.toISOString(), locale)}
            </time>
          </p>
          <p id={messageBodyId(message.id)} data-testid="thread-message-body" className={message.erased ? `${styles.body} ${styles.erased}` : styles.body}>
            {message.parts.map((part, index) =>
              "hidden" in part ? (
                <span key={index} className={styles.masked} data-testid="thread-masked">
                  {masked}
                </span>
              ) : (
                part.text
              ),
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}

export async function ThreadBody({ thread, locale, problem = null }: { thread: ThreadView; locale: Locale; problem?: string | null }) {
  const t = await getTranslations({ locale, namespace: "dashboard.threads" });
  const job = await getTranslations({ locale, namespace: "job" });
  const otherName = thread.viewer === "homeowner" ? thread.handymanName : t("homeowner");
  const unreachable = job("unreachable");
  const live = thread.later === null;
  return (
    <ConversationPage>
      <PageNotice problem={problem} />
      <p className={styles.intro}>{thread.viewer === "homeowner" ? t("withHandyman", { name: thread.handymanName }) : t("withHomeowner")}</p>
      <ThreadPaging
        thread={thread}
        path={threadPath(thread.viewer === "handyman" ? "handyman" : "homeowner", thread)}
        text={{ label: t("pagingLabel"), earlier: t("earlier"), later: t("later"), newest: t("newest") }}
      />
      {thread.messages.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <MessageList
          messages={thread.messages}
          locale={locale}
          label={t("openWith", { name: otherName })}
          masked={t("maskedNotice")}
          sender={(message) => (message.mine ? t("you") : otherName)}
          side={(message) => (message.mine ? "end" : "start")}
        />
      )}
      {thread.open ? (
        <div id={COMPOSER_ID} className={styles.composer}>
          <SendMessageForm threadId={thread.id} clientId={randomUUID()} text={{ label: t("bodyLabel"), field: t("bodyLabel"), hint: t("bodyHint"), button: t("send"), unreachable }} />
        </div>
      ) : (
        <p className={styles.note}>{thread.closed ? t("closedByFixwell") : t("readOnly")}</p>
      )}
      {thread.open && live ? <p className={styles.note}>{t("live")}</p> : null}
      <div className={styles.report}>
        {thread.reported ? (
          <p className={styles.note}>{t("alreadyReported")}</p>
        ) : (
          <ReportThreadForm threadId={thread.id} text={{ label: t("report"), field: t("reportReason"), hint: "", button: t("report"), unreachable }} />
        )}
      </div>
      {/* An earlier page stays as it is; the newest page takes each new message. */}
      {live ? (
        <>
          <ThreadAnnouncer messages={thread.messages.map(({ id, mine }) => ({ id, mine }))} newFrom={t("newFrom", { name: otherName })} />
          <ThreadLive threadIds={[thread.id]} />
        </>
      ) : null}
    </ConversationPage>
  );
}
