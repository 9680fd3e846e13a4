// Loads a thread for one of the two thread pages: the signed-in user must be the side the page is for
// (the homeowner on the order's page, the handyman on /pro); anything else is "not found". A `cursor` in
// the address that is not this reader's for this thread (changed, cut, someone else's) is said on the page,
// which then shows the newest messages, as the other paged lists do.
import { notFound } from "next/navigation";
import { ApiError } from "@/lib/api/errors";
import { requireUser } from "@/lib/auth/current-user";
import { readThread, type Side, type ThreadView } from "@/lib/messages/threads";
import type { Locale } from "@/i18n/locales";

export async function loadThreadFor(
  side: Side,
  threadId: string,
  locale: Locale,
  { requestId, cursor }: { requestId?: string; cursor?: string | string[] } = {},
): Promise<{ thread: ThreadView; problem: string | null }> {
  const user = await requireUser();
  const read = async (from: unknown) => {
    const thread = await readThread(user, threadId, { locale, cursor: from });
    if (thread.viewer !== side || (requestId !== undefined && thread.requestId !== requestId)) notFound();
    return thread;
  };
  try {
    try {
      return { thread: await read(cursor), problem: null };
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "bad_request")) throw error;
      return { thread: await read(undefined), problem: error.messageIn(locale) };
    }
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}
