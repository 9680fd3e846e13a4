// Wrappers every route handler goes through: whatever is thrown is answered by respondToError (the
// JSON error shape, a generic 500 or a 503); `withUser` adds the signed-in user taken from the session
// cookie, never from the request body, and renews the session's token in use (the proxy does not
// run for the API). Error messages answer in the request's Accept-Language.
import { z } from "zod";
import { getUserFromRequest, type SessionUser } from "../auth/current-user";
import { renewIdleSessionOfApi } from "../auth/cookies";
import { comesFromAnotherSite, isCrossSiteRequest } from "../security/same-origin";
import { readJsonBody } from "./body";
import { ApiError, respondToError, type ApiMessageKey } from "./errors";

type RouteContext<P> = { params: Promise<P> };

type Handler<P> = (args: { req: Request; params: P }) => Promise<Response>;
type UserHandler<P> = (args: { req: Request; params: P; user: SessionUser }) => Promise<Response>;

export function withErrors<P = Record<string, string>>(handler: Handler<P>) {
  return async (req: Request, context: RouteContext<P>): Promise<Response> => {
    try {
      if (isCrossSiteRequest(req)) {
        throw new ApiError("forbidden", { key: "crossSite" });
      }
      const params = context?.params ? await context.params : ({} as P);
      return await handler({ req, params });
    } catch (error) {
      return respondToError(error, req);
    }
  };
}

export function withUser<P = Record<string, string>>(handler: UserHandler<P>) {
  return withErrors<P>(async ({ req, params }) => {
    const user = await getUserFromRequest(req);
    if (!user) throw new ApiError("unauthorized", { key: "signInFirst" });
    try {
      return await signedInAnswer(req, await handler({ req, params, user }));
    } catch (error) {
      return respondToError(error, req, user.id);
    }
  });
}

/**
 * What every answer to a signed-in API request gets once its handler is done: never cached, and the
 * session's token renewed when due (the proxy does not run for the API). `withUser` and
 * the console's and the handyman's hidden routes (lib/api/hidden-route.ts) both end with it.
 */
export function signedInAnswer(req: Request, response: Response): Promise<Response> {
  response.headers.set("Cache-Control", "no-store");
  return renewIdleSessionOfApi(req, response);
}

/**
 * For a GET that writes (an audited view, a thread marked read): 403 `forbidden` in the error shape when
 * the request came from another site (lib/security/same-origin.ts, comesFromAnotherSite).
 */
export function refuseFromAnotherSite(req: Request): void {
  if (comesFromAnotherSite(req.headers)) throw new ApiError("forbidden", { key: "crossSite" });
}

/** Reads and validates a JSON body with `schema`; invalid fields give 400 with the zod issues. */
export async function parseJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const result = schema.safeParse(await readJsonBody(req));
  if (!result.success) throw ApiError.fromZod(result.error);
  return result.data;
}

/** Validates route params; a malformed id is "not found", never a 500. */
export function parseParam<S extends z.ZodType>(value: unknown, schema: S, notFound: ApiMessageKey = "itemNotFound"): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError("not_found", { key: notFound });
  return result.data;
}
