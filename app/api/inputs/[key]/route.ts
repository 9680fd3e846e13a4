// GET /api/inputs/{email} – the signed-in user's repair requests, newest first (another user's email: 403)
import { ApiError } from "@/lib/api/errors";
import { withUser } from "@/lib/api/handler";
import { listRequestsForUser } from "@/lib/requests/queries";
import { emailFromPath, toRequestRow } from "@/lib/requests/wire";

// The folder is named [key] because Next.js needs one name per level: the criteria route below it takes
// a request id in the same place.
export const GET = withUser<{ key: string }>(async ({ params, user }) => {
  if (emailFromPath(params.key) !== user.email) {
    throw new ApiError("forbidden", { key: "ownRequestsOnly" });
  }
  return Response.json((await listRequestsForUser(user)).map(toRequestRow));
});
