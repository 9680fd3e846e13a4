// A thread page's body, for its homeowner (/dashboard/orders/{id}/messages/{threadId}) and its handyman
// (/pro/messages/{threadId}): the messages oldest first (another's contact details masked until the job is
// accepted), the newest THREAD_PAGE_SIZE of them with a plain link to the earlier ones (a signed cursor in the
// address, so no JavaScript is needed), the form to write while the thread is open, the report form, and the
// live updates (on the newest page, where a new message is appended).
import { getTranslations } from "next-intl/server";
import { PageNotice } from "@/components/auth/page-notice";
import { Link } from "@/components/i18n/link";
import { pageHref } from "@/components/ui/pager";
import { threadPath } from "@/lib/messages/digest";
import { formatDateTime } from "@/lib/format";
import type { Locale } from "@/i18n/locales";
import type { ThreadView } from "@/lib/messages/threads";
import { ReportThreadForm, SendMessageForm } from "./thread-forms";
import { ThreadLive } from "./thread-live";

/** The links to the earlier and the later messages of a thread page at `path` (nothing when it has one page). */
export function ThreadPaging({ thread, path, text }: { thread: Pick<ThreadView, "earlier" | "later">; path: string; text: { label: string; earlier: string; later: string; newest: string } }) {
  if (!thread.earlier && !thread.later) return null;
  return (
    <nav aria-label={text.label}>
      <ul style={{ listStyle: "none", padding: 0, display: "flex", flexWrap: "wrap", gap: "1rem" }}>
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

export async function ThreadBody({ thread, locale, problem = null }: { thread: ThreadView; locale: Locale; problem?: string | null }) {
  const t = await getTranslations({ locale, namespace: "dashboard.threads" });
  const job = await getTranslations({ locale, namespace: "job" });
  const otherName = thread.viewer === "homeowner" ? thread.handymanName : t("homeowner");
  const unreachable = job("unreachable");
  return (
    <>
      <PageNotice problem={problem} />
      <p>{thread.viewer === "homeowner" ? t("withHandyman", { name: thread.handymanName }) : t("withHomeowner")}</p>
      <ThreadPaging
        thread={thread}
        path={threadPath(thread.viewer === "handyman" ? "handyman" : "homeowner", thread)}
        text={{ label: t("pagingLabel"), earlier: t("earlier"), later: t("later"), newest: t("newest") }}
      />
      {thread.messages.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <ol aria-live="polite" data-testid="thread-messages" style={{ listStyle: "none", padding: 0, display: "grid", gap: "0.75rem" }}>
          {thread.messages.map((message) => (
            <li key={message.id} data-testid="thread-message" style={{ overflowWrap: "anywhere" }}>
              <p style={{ margin: 0, fontWeight: 600 }}>
                {message.mine ? t("you") : otherName} · <time dateTime={message.createdAt.toISOString()}>{formatDateTime(message.createdAt.toISOString(), locale)}</time>
              </p>
              <p data-testid="thread-message-body" style={{ margin: 0, whiteSpace: "pre-wrap" }}>{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      {thread.open ? (
        <>
          <SendMessageForm threadId={thread.id} text={{ label: t("bodyLabel"), field: t("bodyLabel"), hint: t("bodyHint"), button: t("send"), unreachable }} />
          <p>{t("live")}</p>
        </>
      ) : (
        <p>{thread.closed ? t("closedByFixwell") : t("readOnly")}</p>
      )}
      {thread.reported ? (
        <p>{t("alreadyReported")}</p>
      ) : (
        <ReportThreadForm threadId={thread.id} text={{ label: t("report"), field: t("reportReason"), hint: "", button: t("report"), unreachable }} />
      )}
      {/* An earlier page stays as it is; the newest page takes each new message. */}
      {thread.later ? null : <ThreadLive threadId={thread.id} />}
    </>
  );
}
