// The operator console is for operators only: every /api/ops handler answers anyone else — signed out, a
// homeowner, a handyman — with 404 and the API's error shape, exactly like an address that does not
// exist, and changes nothing. The handlers are found on disk, so a new one is covered the day it is added.
import { readdirSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetDatabase, snapshotTables } from "../helpers/db";
import { createSignedInHandyman } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { apiRequest, createSignedInUser, routeContext } from "../helpers/session";
import * as unknownApi from "../../app/api/[...path]/route";

const OPS_API = path.join(process.cwd(), "app", "api", "ops");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Every route.ts under app/api/ops, with its URL path ("/api/ops/handymen/[id]"). */
function opsRouteFiles(dir = OPS_API): { file: string; urlPath: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return opsRouteFiles(full);
    if (entry.name !== "route.ts") return [];
    return [{ file: full, urlPath: `/${path.relative(path.join(process.cwd(), "app"), path.dirname(full)).split(path.sep).join("/")}` }];
  });
}

/** A plausible value for a route parameter, so the call reaches the handler's own checks. */
function paramValue(name: string): string {
  if (/job/i.test(name)) return "senior-full-stack-engineer";
  if (/request/i.test(name)) return "00000000-0000-4000-8000-000000000001";
  return "1";
}

type Route = { urlPath: string; method: (typeof METHODS)[number]; handler: (req: Request, ctx: unknown) => Promise<Response>; params: Record<string, string> };

async function opsRoutes(): Promise<Route[]> {
  const routes: Route[] = [];
  for (const { file, urlPath } of opsRouteFiles()) {
    const mod = (await import(file)) as Record<string, unknown>;
    const params = Object.fromEntries([...urlPath.matchAll(/\[(\w+)\]/g)].map((m) => [m[1], paramValue(m[1])]));
    const concrete = urlPath.replace(/\[(\w+)\]/g, (_all, name: string) => params[name]);
    for (const method of METHODS) {
      if (typeof mod[method] === "function") routes.push({ urlPath: concrete, method, handler: mod[method] as Route["handler"], params });
    }
  }
  return routes;
}

/** A body that would pass most of the console's schemas, so a refusal cannot come from validation alone. */
const PLAUSIBLE_BODY = {
  version: 1,
  password: "Lantern-harbour-quiet-97",
  reason: "The homeowner asked us by phone.",
  email: "new.pro@example.test",
  handymanId: 1,
  hourlyPrice: 50,
  taskType: "Painting",
  format: "html",
  requirements: "<p>ok</p>",
  benefits: "<p>ok</p>",
};

beforeEach(async () => {
  await resetDatabase();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("/api/ops handlers", () => {
  it("exist: the console has handlers to protect", async () => {
    expect((await opsRoutes()).length).toBeGreaterThan(0);
  });

  it.each([
    ["signed out", async () => undefined],
    ["a homeowner", async () => (await createSignedInUser()).cookie],
    ["a handyman", async () => (await createSignedInHandyman(10)).cookie],
  ])("answer %s with 404 and the error shape, and change nothing", async (_who, cookieOf) => {
    const cookie = await cookieOf();
    const before = await snapshotTables();
    for (const route of await opsRoutes()) {
      const body = route.method === "GET" ? undefined : PLAUSIBLE_BODY;
      const response = await route.handler(apiRequest(route.method, route.urlPath, { cookie, body }), routeContext(route.params));
      expect(response.status, `${route.method} ${route.urlPath}`).toBe(404);
      expect(response.headers.get("cache-control"), `${route.method} ${route.urlPath}`).toBe("no-store");
      expect(await response.json(), `${route.method} ${route.urlPath}`).toEqual({ error: { code: "not_found", message: "This page could not be found." } });
    }
    expect(await snapshotTables()).toBe(before);
  });

  it("answer exactly as an API address that does not exist", async () => {
    const homeowner = await createSignedInUser();
    const [route] = (await opsRoutes()).filter((r) => r.method === "GET");
    const fromConsole = await route.handler(apiRequest("GET", route.urlPath, { cookie: homeowner.cookie }), routeContext(route.params));
    const fromNowhere = await unknownApi.GET(apiRequest("GET", "/api/no-such-thing", { cookie: homeowner.cookie }));
    expect(fromNowhere.status).toBe(fromConsole.status);
    expect(fromNowhere.headers.get("content-type")).toBe(fromConsole.headers.get("content-type"));
    expect(await fromNowhere.text()).toBe(await fromConsole.text());
  });

  it("refuse a cross-site write with 403 even from an operator, and change nothing", async () => {
    const operator = await createSignedInOperator();
    const before = await snapshotTables();
    for (const route of (await opsRoutes()).filter((r) => r.method !== "GET")) {
      const request = apiRequest(route.method, route.urlPath, { cookie: operator.cookie, body: PLAUSIBLE_BODY, headers: { origin: "https://evil.example" } });
      const response = await route.handler(request, routeContext(route.params));
      expect(response.status, `${route.method} ${route.urlPath}`).toBe(403);
    }
    expect(await snapshotTables()).toBe(before);
  });

  it("let an operator read the console's lists", async () => {
    const operator = await createSignedInOperator();
    const lists = (await opsRoutes()).filter((r) => r.method === "GET" && /^\/api\/ops\/[a-z-]+$/.test(r.urlPath));
    expect(lists.length).toBeGreaterThan(0);
    for (const route of lists) {
      const response = await route.handler(apiRequest("GET", route.urlPath, { cookie: operator.cookie }), routeContext(route.params));
      expect(response.status, `GET ${route.urlPath}`).toBe(200);
    }
  });
});
