// Any /api address without a handler of its own: the API's 404 in its error shape, the same answer the
// operator console's handlers give to anyone but an operator — so neither tells what exists.
import { ApiError, errorResponse, NOT_FOUND_MESSAGE, requestLocale } from "@/lib/api/errors";

const notFound = (req: Request) => errorResponse(new ApiError("not_found", NOT_FOUND_MESSAGE), requestLocale(req));

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
