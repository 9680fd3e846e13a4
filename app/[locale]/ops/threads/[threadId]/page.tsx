import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Link } from "@/components/i18n/link";
import { PageNotice } from "@/components/auth/page-notice";
import { PageHeader } from "@/components/ui/page-header";
import { MessageList, ThreadPaging } from "@/components/messages/thread-view";
import { SuspendForm } from "@/components/ops/handyman-forms";
import { CloseThreadForm } from "@/components/ops/thread-forms";
import styles from "@/components/ops/ops.module.css";
import { ApiError } from "@/lib/api/errors";
import { requireOperator } from "@/lib/ops/access";
import { readThread, type ThreadView } from "@/lib/messages/threads";
import { getDb } from "@/lib/db";
import { pageOpenedFromAnotherSite } from "@/lib/security/page-origin";

export const metadata: Metadata = { title: "Reported conversation" };

type Params = Promise<{ threadId: string }>;
type SearchParams = Promise<{ cursor?: string | string[] }>;

/**
 * A reported thread as written (each view audited), the newest THREAD_PAGE_SIZE messages or those of the
 * cursor; the site's 404 for one nobody reported. A cursor that is not this operator's for this thread is
 * said on the page, which then shows the newest messages.
 */
async function load(operatorId: string, threadId: string, cursor: unknown): Promise<{ thread: ThreadView; problem: string | null }> {
  try {
    try {
      return { thread: await readThread({ id: operatorId }, threadId, { locale: "en", cursor }), problem: null };
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "bad_request")) throw error;
      return { thread: await readThread({ id: operatorId }, threadId, { locale: "en" }), problem: error.messageIn("en") };
    }
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function OpsThreadPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const operator = await requireOperator();
  const { threadId } = await params;
  const { cursor } = await searchParams;
  // Each view is audited: opened from another site (a link elsewhere could write a forged view), the page
  // shows nothing of the thread, only the way to open it from here.
  if (await pageOpenedFromAnotherSite()) return openedFromElsewhere(threadId, cursor);
  const { thread, problem } = await load(operator.id, threadId, cursor);
  const handyman = await (await getDb()).messageThread.findUniqueOrThrow({ where: { id: thread.id }, select: { handyman: { select: { id: true, name: true, suspended: true } } } });
  return (
    <>
      <PageHeader eyebrow="Operator console" back={<Link href="/ops/threads">Reported conversations</Link>} title={`Conversation with ${thread.handymanName}`} lead={`About request ${thread.requestId}.`} />
      <div className={`container ${styles.section}`}>
        <PageNotice problem={problem} />
        <p>
          <Link href={`/ops/requests/${thread.requestId}`}>The request</Link> · <Link href={`/ops/handymen/${handyman.handyman.id}`}>{handyman.handyman.name}</Link>
        </p>
        <ThreadPaging
          thread={thread}
          path={`/ops/threads/${thread.id}`}
          text={{ label: "Earlier and later messages", earlier: "Earlier messages", later: "Later messages", newest: "Newest messages" }}
        />
        {/* As the parties wrote it: the homeowner on the left, the handyman on the right. */}
        <MessageList
          messages={thread.messages}
          locale="en"
          label={`Messages between the homeowner and ${thread.handymanName}`}
          masked="Contact details hidden"
          sender={(message) => (message.author === "homeowner" ? "Homeowner" : message.author === "handyman" ? thread.handymanName : "Deleted account")}
          side={(message) => (message.author === "handyman" ? "end" : "start")}
        />
        {thread.closed ? <p>This conversation is closed.</p> : <CloseThreadForm threadId={thread.id} />}
        {handyman.handyman.suspended ? <p>{handyman.handyman.name} is suspended.</p> : <SuspendForm id={handyman.handyman.id} name={handyman.handyman.name} />}
      </div>
    </>
  );
}

/** What the page shows when it was opened from another site: the way to open the conversation from here. */
function openedFromElsewhere(threadId: string, cursor?: string | string[]) {
  const query = typeof cursor === "string" ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return (
    <>
      <PageHeader eyebrow="Operator console" back={<Link href="/ops/threads">Reported conversations</Link>} title="Reported conversation" />
      <div className={`container ${styles.section}`}>
        <PageNotice problem="This conversation was opened from another site, so it is not shown: each view is written to the audit log, and a link elsewhere must not write one in your name." />
        <p>
          <Link href={`/ops/threads/${encodeURIComponent(threadId)}${query}`}>Open the conversation</Link>
        </p>
      </div>
    </>
  );
}
