// Loads a thread for one of the two thread pages: the signed-in user must be the side the page is for
// (the homeowner on the order's page, the handyman on /pro); anything else is "not found".
import { notFound } from "next/navigation";
import { ApiError } from "@/lib/api/errors";
import { requireUser } from "@/lib/auth/current-user";
import { readThread, type Side, type ThreadView } from "@/lib/messages/threads";
import type { Locale } from "@/i18n/locales";

export async function loadThreadFor(side: Side, threadId: string, locale: Locale, requestId?: string): Promise<ThreadView> {
  const user = await requireUser();
  try {
    const thread = await readThread(user, threadId, { locale });
    if (thread.viewer !== side || (requestId !== undefined && thread.requestId !== requestId)) notFound();
    return thread;
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}
