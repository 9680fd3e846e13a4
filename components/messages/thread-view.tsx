// A thread page's body, for its homeowner (/dashboard/orders/{id}/messages/{threadId}) and its handyman
// (/pro/messages/{threadId}): the messages oldest first (another's contact details masked until the job is
// accepted), the form to write while the thread is open, the report form, and the live updates.
import { getTranslations } from "next-intl/server";
import { PageNotice } from "@/components/auth/page-notice";
import { formatDateTime } from "@/lib/format";
import type { Locale } from "@/i18n/locales";
import type { ThreadView } from "@/lib/messages/threads";
import { ReportThreadForm, SendMessageForm } from "./thread-forms";
import { ThreadLive } from "./thread-live";

export async function ThreadBody({ thread, locale }: { thread: ThreadView; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "dashboard.threads" });
  const job = await getTranslations({ locale, namespace: "job" });
  const otherName = thread.viewer === "homeowner" ? thread.handymanName : t("homeowner");
  const unreachable = job("unreachable");
  return (
    <>
      <PageNotice />
      <p>{thread.viewer === "homeowner" ? t("withHandyman", { name: thread.handymanName }) : t("withHomeowner")}</p>
      {thread.messages.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <ol aria-live="polite" data-testid="thread-messages" style={{ listStyle: "none", padding: 0, display: "grid", gap: "0.75rem" }}>
          {thread.messages.map((message) => (
            <li key={message.id} data-testid="thread-message" style={{ overflowWrap: "anywhere" }}>
              <p style={{ margin: 0, fontWeight: 600 }}>
                {message.mine ? t("you") : otherName} · <time dateTime={message.createdAt.toISOString()}>{formatDateTime(message.createdAt.toISOString(), locale)}</time>
              </p>
              <p style={{ margin: 0, whiteSpace: "pre-wrap" }}>{message.body}</p>
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
      <ThreadLive threadId={thread.id} />
    </>
  );
}
