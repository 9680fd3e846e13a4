"use client";
// Keeps a page with conversations current: one stream for all of the page's threads (a thread page's one,
// an order page's several); on each event (a new message on any server) the page is read again from the
// server, which also marks an open thread read. The server ends a stream after at most ten minutes, and the
// browser's EventSource opens it again after the `retry` the stream gave. When the stream cannot open (too
// many open for the account: 429; signed out: 401) or breaks for good, a slow poll does the same every 15 s.
// Without JavaScript the page is simply reloaded.
import { useRouter } from "next/navigation";
import { useEffect } from "react";

const POLL_MS = 15_000;

/** The one stream of `threadIds` (GET /api/threads/events). */
export function threadEventsPath(threadIds: readonly string[]): string {
  return `/api/threads/events?${threadIds.map((id) => `thread=${encodeURIComponent(id)}`).join("&")}`;
}

export function ThreadLive({ threadIds }: { threadIds: readonly string[] }) {
  const router = useRouter();
  const path = threadIds.length > 0 ? threadEventsPath(threadIds) : null;
  useEffect(() => {
    if (!path) return;
    let poll: ReturnType<typeof setInterval> | undefined;
    const startPolling = () => {
      poll ??= setInterval(() => router.refresh(), POLL_MS);
    };
    if (typeof EventSource === "undefined") {
      startPolling();
      return () => clearInterval(poll);
    }
    const source = new EventSource(path);
    source.addEventListener("message", () => router.refresh());
    source.addEventListener("closed", () => router.refresh());
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) startPolling();
    };
    return () => {
      source.close();
      clearInterval(poll);
    };
  }, [path, router]);
  return null;
}
