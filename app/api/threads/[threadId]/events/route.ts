// GET /api/threads/{threadId}/events – the live stream of one thread, for one of its two parties (404 to anyone
// else): lib/messages/live-streams.ts, as GET /api/threads/events?thread={threadId}.
import { withUser } from "@/lib/api/handler";
import { assertThreadParty } from "@/lib/messages/threads";
import { liveStreamResponse } from "@/lib/messages/live-streams";

export const dynamic = "force-dynamic";

export const GET = withUser<{ threadId: string }>(async ({ req, params, user }) => {
  await assertThreadParty(user, params.threadId);
  return liveStreamResponse(req, user, [params.threadId]);
});
