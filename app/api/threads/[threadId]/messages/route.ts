// POST /api/threads/{threadId}/messages – one of the thread's two parties writes {"body"}; 201 {"message": {"id"}}
// GET  /api/threads/{threadId}/messages?after={id} – the thread as the signed-in party (or, once reported, an operator) sees it; marks it read
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
  const after = new URL(req.url).searchParams.get("after") ?? undefined;
  const view = await readThread(user, params.threadId, { locale: pageLocaleFromRequest(req), afterId: after });
  return Response.json({ thread: view }, { headers: { "Cache-Control": "private, no-store" } });
});
