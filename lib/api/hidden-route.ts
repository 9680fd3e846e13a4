// Routes that exist for one kind of user only — the operator console's /api/ops/*, the handyman's
// /api/pro/* — and answer everyone else exactly as an API address that does not exist (app/api/[...path]):
// every HTTP method, whether the route defines it or not, is the JSON 404 to an outsider, so neither a 405,
// an `Allow` header nor a 403 tells a stranger the route is there. The proxy does not run for /api/…, so
// each such route file exports every method through one of these builders (`operatorRoute`,
// `handymanRoute`):
//
//   export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = operatorRoute<{ jobId: string }>({
//     GET: async ({ params, operator }) => …,
//   });
//
// The role is checked first, against the database; then, for the insider only, a cross-site write gets
// 403 as on every API, an undefined method 405 with `Allow`, and every answer `Cache-Control: no-store`
// with the session renewed when due.
import { ApiError, errorResponse, requestLocale, respondToError } from "./errors";
import { signedInAnswer } from "./handler";
import { isCrossSiteRequest } from "../security/same-origin";

/** Every method a route file may export; Next.js answers HEAD and OPTIONS itself when a file does not. */
export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
type HandledMethod = Exclude<HttpMethod, "HEAD" | "OPTIONS">;

type RouteContext<P> = { params: Promise<P> };
export type RouteHandler<P> = (req: Request, context: RouteContext<P>) => Promise<Response>;

/** The API's answer to an address it does not have: the same for an unknown path and a hidden route. */
export function notFoundResponse(req: Request): Response {
  return errorResponse(new ApiError("not_found", { key: "notFound" }), requestLocale(req));
}

/** What a guard learns about an insider; `user.id` names them in the security log. */
type Insider = { user: { id: string } };
type InsiderHandler<P, I> = (args: { req: Request; params: P } & I) => Promise<Response>;

/**
 * A builder of hidden routes for the users `findInsider` recognises (null for anyone else): give it the
 * route's handlers, export what it returns.
 */
export function hiddenRoute<I extends Insider>(findInsider: (req: Request) => Promise<I | null>) {
  return function route<P = Record<string, string>>(handlers: Partial<Record<HandledMethod, InsiderHandler<P, I>>>): Record<HttpMethod, RouteHandler<P>> {
    const defined = (Object.keys(handlers) as HandledMethod[]).filter((method) => handlers[method]);
    const allow = [...defined, ...(handlers.GET ? ["HEAD"] : []), "OPTIONS"].join(", ");

    const answer =
      (method: HttpMethod): RouteHandler<P> =>
      async (req, context) => {
        let insider: I | null = null;
        try {
          insider = await findInsider(req);
          if (!insider) return notFoundResponse(req);
          if (isCrossSiteRequest(req)) throw new ApiError("forbidden", { key: "crossSite" });
          if (method === "OPTIONS") return await signedInAnswer(req, new Response(null, { status: 204, headers: { Allow: allow } }));
          const handler = handlers[method === "HEAD" ? "GET" : method];
          if (!handler) throw new ApiError("method_not_allowed", { key: "methodNotAllowed" }, undefined, { Allow: allow });
          const params = context?.params ? await context.params : ({} as P);
          const response = await handler({ req, params, ...insider });
          return await signedInAnswer(req, method === "HEAD" ? new Response(null, response) : response);
        } catch (error) {
          return respondToError(error, req, insider?.user.id);
        }
      };

    return Object.fromEntries(HTTP_METHODS.map((method) => [method, answer(method)])) as Record<HttpMethod, RouteHandler<P>>;
  };
}
