// GET /api/threads/{threadId}/events – Server-Sent Events for one of the thread's two parties: "message"
// (data: the new message's id) when either side writes, on whichever server, and "closed" when Fixwell
// closes it; a comment every 25 s keeps proxies from timing the stream out. The page reads the thread
// again on each event, so what it shows is masked as the reader may see it. 404 to anyone else.
import { withUser } from "@/lib/api/handler";
import { assertThreadParty } from "@/lib/messages/threads";
import { subscribeToThread } from "@/lib/messages/live";

export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 25_000;

export const GET = withUser<{ threadId: string }>(async ({ req, params, user }) => {
  await assertThreadParty(user, params.threadId);
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unsubscribe = await subscribeToThread(params.threadId, (what) => {
        send(what === "closed" ? "event: closed\ndata: closed\n\n" : `event: message\ndata: ${what}\n\n`);
      });
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      req.signal.addEventListener("abort", () => stop(), { once: true });
      send("retry: 5000\n: open\n\n");
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "X-Accel-Buffering": "no", Connection: "keep-alive" },
  });
});
