"use client";
// Keeps an open thread page current: on each event of the thread's stream (a new message on any server)
// the page is read again from the server, which also marks it read. When the stream cannot open, or
// breaks for good, a slow poll does the same every 15 s. Without JavaScript the page is simply reloaded.
import { useRouter } from "next/navigation";
import { useEffect } from "react";

const POLL_MS = 15_000;

export function ThreadLive({ threadId }: { threadId: string }) {
  const router = useRouter();
  useEffect(() => {
    let poll: ReturnType<typeof setInterval> | undefined;
    const startPolling = () => {
      poll ??= setInterval(() => router.refresh(), POLL_MS);
    };
    if (typeof EventSource === "undefined") {
      startPolling();
      return () => clearInterval(poll);
    }
    const source = new EventSource(`/api/threads/${threadId}/events`);
    source.addEventListener("message", () => router.refresh());
    source.addEventListener("closed", () => router.refresh());
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) startPolling();
    };
    return () => {
      source.close();
      clearInterval(poll);
    };
  }, [threadId, router]);
  return null;
}
