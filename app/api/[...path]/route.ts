// Any /api address without a handler of its own: the API's 404 in its error shape for every method, the
// same answer the console's and the handyman's routes give to outsiders (lib/api/hidden-route.ts) — so
// neither tells what exists.
import { notFoundResponse } from "@/lib/api/hidden-route";

const notFound = (req: Request) => notFoundResponse(req);

export { notFound as GET, notFound as HEAD, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
