// Unread messages, said in words (to screen readers too): the total on /dashboard, /dashboard/orders and
// /pro, a list of conversations on an order's page (kept current while it is open, as a thread page is), and a
// link per offer on /pro. Nothing while all is read.
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/i18n/link";
import type { Locale } from "@/i18n/locales";
import { requireUser } from "@/lib/auth/current-user";
import { listThreadsOfRequest, unreadCounts } from "@/lib/messages/threads";
import { threadPath } from "@/lib/messages/digest";
import { ThreadLive } from "./thread-live";

/** "2 unread messages" for the signed-in user, on either side; nothing when none. */
export async function UnreadMessages({ locale }: { locale: Locale }) {
  const user = await requireUser();
  const { total } = await unreadCounts(user);
  if (total === 0) return null;
  const t = await getTranslations({ locale, namespace: "dashboard.threads" });
  return (
    <p role="status" data-testid="unread-messages">
      {t("unread", { count: total })}
    </p>
  );
}

/**
 * The conversations of one of the homeowner's requests, each with its unread count, which a message from the
 * handyman raises while the page is open (the page is read again on each event of its one stream, which carries
 * every conversation listed).
 */
export async function OrderThreads({ requestId, locale }: { requestId: string; locale: Locale }) {
  const user = await requireUser();
  const threads = await listThreadsOfRequest(user, requestId);
  if (threads.length === 0) return null;
  const t = await getTranslations({ locale, namespace: "dashboard.threads" });
  return (
    <section aria-labelledby="order-threads">
      <h2 id="order-threads">{t("open")}</h2>
      <ul>
        {threads.map((thread) => (
          <li key={thread.id}>
            <Link href={threadPath("homeowner", { id: thread.id, requestId })}>{t("openWith", { name: thread.handymanName })}</Link>
            {thread.unread > 0 ? <> · <span data-testid="thread-unread">{t("unread", { count: thread.unread })}</span></> : null}
          </li>
        ))}
      </ul>
      {/* One stream for every conversation of the page. */}
      <ThreadLive threadIds={threads.map((thread) => thread.id)} />
    </section>
  );
}

/** The handyman's link to the conversation about one offered request, with its unread count (read with the page's other cards). */
export async function OfferThreadLink({ requestId, thread, locale }: { requestId: string; thread: { id: string; unread: number } | null; locale: Locale }) {
  if (!thread) return null;
  const t = await getTranslations({ locale, namespace: "dashboard.threads" });
  return (
    <p>
      <Link href={threadPath("handyman", { id: thread.id, requestId })}>{t("open")}</Link>
      {thread.unread > 0 ? <> · {t("unread", { count: thread.unread })}</> : null}
    </p>
  );
}
