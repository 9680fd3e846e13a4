// POST /api/threads/{threadId}/messages – one of the thread's two parties writes {"body"}; 201 {"message": {"id"}}
// GET  /api/threads/{threadId}/messages[?cursor=…|?after={id}] – the thread as the signed-in party (or, once reported, an
//      operator) sees it: the newest 50 messages with the cursor of the earlier ones (and of the later ones), or
//      those of a cursor (400 when it is not one given to this reader for this thread), or every message after
//      one (the live page's poll); reading the newest marks it read
import { z } from "zod";
import { parseJson, withUser } from "@/lib/api/handler";
import { pageLocaleFromRequest } from "@/lib/messages/http";
import { postMessage, readThread } from "@/lib/messages/threads";

const postSchema = z.object({ body: z.unknown() });

export const POST = withUser<{ threadId: string }>(async ({ req, params, user }) => {
  const { body } = await parseJson(req, postSchema);
  const message = await postMessage(user, params.threadId, body);
  return Response.json({ message }, { status: 201 });
});

export const GET = withUser<{ threadId: string }>(async ({ req, params, user }) => {
  const query = new URL(req.url).searchParams;
  const after = query.get("after") ?? undefined;
  const cursor = query.get("cursor") ?? undefined;
  const { messages, ...view } = await readThread(user, params.threadId, { locale: pageLocaleFromRequest(req), afterId: after, cursor });
  // Each message as its text with the placeholder's words; the parts are the pages' way of showing it.
  const thread = { ...view, messages: messages.map(({ id, mine, author, body, createdAt }) => ({ id, mine, author, body, createdAt })) };
  return Response.json({ thread }, { headers: { "Cache-Control": "private, no-store" } });
});
