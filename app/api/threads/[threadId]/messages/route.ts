// POST /api/threads/{threadId}/messages – one of the thread's two parties writes {"body", "client_id"?}; 201 {"message": {"id"}},
//      or 200 with the message already stored when this author sent this client id (a UUID) to this thread before
// GET  /api/threads/{threadId}/messages[?cursor=…|?after={id}] – the thread as the signed-in party (or, once reported, an
//      operator) sees it: the newest 50 messages with the cursor of the earlier ones (and of the later ones), or
//      those of a cursor (400 when it is not one given to this reader for this thread), or every message after
//      one (the live page's poll); reading the newest marks it read (an operator's read is audited), so a request
//      from another site (Sec-Fetch-Site cross-site or same-site) is refused with 403
import { z } from "zod";
import { parseJson, refuseFromAnotherSite, withUser } from "@/lib/api/handler";
import { pageLocaleFromRequest } from "@/lib/messages/http";
import { postMessage, readThread } from "@/lib/messages/threads";

const postSchema = z.object({ body: z.unknown(), client_id: z.unknown().optional() });

export const POST = withUser<{ threadId: string }>(async ({ req, params, user }) => {
  const { body, client_id } = await parseJson(req, postSchema);
  const { id, replayed } = await postMessage(user, params.threadId, body, new Date(), client_id);
  return Response.json({ message: { id } }, { status: replayed ? 200 : 201 });
});

export const GET = withUser<{ threadId: string }>(async ({ req, params, user }) => {
  refuseFromAnotherSite(req);
  const query = new URL(req.url).searchParams;
  const after = query.get("after") ?? undefined;
  const cursor = query.get("cursor") ?? undefined;
  const { messages, ...view } = await readThread(user, params.threadId, { locale: pageLocaleFromRequest(req), afterId: after, cursor });
  // Each message as its text with the placeholder's words; the parts are the pages' way of showing it.
  const thread = { ...view, messages: messages.map(({ id, mine, author, body, createdAt }) => ({ id, mine, author, body, createdAt })) };
  return Response.json({ thread }, { headers: { "Cache-Control": "private, no-store" } });
});
