// Loads a thread for one of the two thread pages: the signed-in user must be the side the page is for
// (the homeowner on the order's page, the handyman on /pro); anything else is "not found". A `cursor` in
// the address that is not this reader's for this thread (changed, cut, someone else's) is said on the page,
// which then shows the newest messages, as the other paged lists do. Opened from another site (a link
// elsewhere; Sec-Fetch-Site cross-site or same-site) the thread is shown but not marked read, and the page
// says so: a link elsewhere cannot mark it read and so hold back the reader's digest of new messages.
import { notFound } from "next/navigation";
import { ApiError } from "@/lib/api/errors";
import { requireUser } from "@/lib/auth/current-user";
import { readThread, type Side, type ThreadView } from "@/lib/messages/threads";
import { getTranslator } from "@/lib/i18n/translator";
import { pageOpenedFromAnotherSite } from "@/lib/security/page-origin";
import type { Locale } from "@/i18n/locales";

export async function loadThreadFor(
  side: Side,
  threadId: string,
  locale: Locale,
  { requestId, cursor }: { requestId?: string; cursor?: string | string[] } = {},
): Promise<{ thread: ThreadView; problem: string | null }> {
  const user = await requireUser();
  const fromElsewhere = await pageOpenedFromAnotherSite();
  const read = async (from: unknown) => {
    const thread = await readThread(user, threadId, { locale, cursor: from, markRead: !fromElsewhere });
    if (thread.viewer !== side || (requestId !== undefined && thread.requestId !== requestId)) notFound();
    return thread;
  };
  const notMarked = fromElsewhere ? getTranslator(locale, "dashboard")("threads.notMarkedRead") : null;
  const said = (...problems: (string | null)[]) => problems.filter(Boolean).join(" ") || null;
  try {
    try {
      return { thread: await read(cursor), problem: said(notMarked) };
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "bad_request")) throw error;
      return { thread: await read(undefined), problem: said(error.messageIn(locale), notMarked) };
    }
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}
