// The route files of a part of the API that only one kind of user may know of (app/api/ops, app/api/pro),
// found on disk so a route is covered the day it is added, each with every HTTP method it exports.
import { readdirSync } from "node:fs";
import path from "node:path";
import { HTTP_METHODS, type HttpMethod } from "@/lib/api/hidden-route";
import { apiRequest, routeContext } from "./session";

export { HTTP_METHODS, type HttpMethod };

type Handler = (req: Request, ctx: unknown) => Promise<Response>;

export type HiddenRoute = {
  /** "/api/ops/handymen/1": the file's path with a plausible value for each parameter. */
  urlPath: string;
  params: Record<string, string>;
  /** Every export of the file named for an HTTP method. */
  handlers: Partial<Record<HttpMethod, Handler>>;
};

/** A plausible value for a route parameter, so the call reaches the handler's own checks. */
function paramValue(name: string): string {
  if (/job/i.test(name)) return "senior-full-stack-engineer";
  if (/request|offer|payment/i.test(name)) return "00000000-0000-4000-8000-000000000001";
  return "1";
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** Every route.ts under app/api/<area>. */
export async function hiddenRoutes(area: "ops" | "pro"): Promise<HiddenRoute[]> {
  const app = path.join(process.cwd(), "app");
  const routes: HiddenRoute[] = [];
  for (const file of routeFiles(path.join(app, "api", area))) {
    const pattern = `/${path.relative(app, path.dirname(file)).split(path.sep).join("/")}`;
    const params = Object.fromEntries([...pattern.matchAll(/\[(\w+)\]/g)].map((m) => [m[1]!, paramValue(m[1]!)]));
    const urlPath = pattern.replace(/\[(\w+)\]/g, (_all, name: string) => params[name]!);
    const mod = (await import(file)) as Record<string, unknown>;
    const handlers = Object.fromEntries(HTTP_METHODS.filter((method) => typeof mod[method] === "function").map((method) => [method, mod[method] as Handler]));
    routes.push({ urlPath, params, handlers });
  }
  return routes;
}

/** Calls `method` of `route` as the holder of `cookie` (none: signed out). */
export function callRoute(route: HiddenRoute, method: HttpMethod, options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  const handler = route.handlers[method];
  if (!handler) throw new Error(`${route.urlPath} does not export ${method}`);
  const body = method === "GET" || method === "HEAD" || method === "OPTIONS" ? undefined : options.body;
  return handler(apiRequest(method, route.urlPath, { ...options, body }), routeContext(route.params));
}

/** The methods a route defines, as it tells an insider in answer to OPTIONS. */
export async function definedMethods(route: HiddenRoute, insiderCookie: string): Promise<HttpMethod[]> {
  const response = await callRoute(route, "OPTIONS", { cookie: insiderCookie });
  if (response.status !== 204) throw new Error(`OPTIONS ${route.urlPath} answered an insider ${response.status}`);
  return (response.headers.get("allow") ?? "").split(",").map((method) => method.trim() as HttpMethod);
}
