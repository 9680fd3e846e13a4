// GET /api/threads/events?thread={id}&thread={id}… – one Server-Sent Events stream for every thread a page
// shows (1 to 50; 400 otherwise), for a party of each (404 when any is not the user's): "message" (data: the
// new message's id) when either side writes in one of them, on whichever server, and "closed" when Fixwell
// closes one; a comment every 25 s keeps proxies from timing it out. The page reads itself again on each
// event, so what it shows is masked as the reader may see it. An account holds a few streams per server
// (429 with Retry-After beyond), and each ends after at most ten minutes or once its session is signed out
// (lib/messages/live-streams.ts); the browser's EventSource opens it again.
import { withUser } from "@/lib/api/handler";
import { assertThreadParties } from "@/lib/messages/threads";
import { liveStreamResponse, streamThreadIds } from "@/lib/messages/live-streams";

export const dynamic = "force-dynamic";

export const GET = withUser(async ({ req, user }) => {
  const threadIds = streamThreadIds(new URL(req.url).searchParams.getAll("thread"));
  await assertThreadParties(user, threadIds);
  return liveStreamResponse(req, user, threadIds);
});
