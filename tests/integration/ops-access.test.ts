// The operator console is for operators only: every /api/ops route answers anyone else — signed out, a
// homeowner, a handyman — with 404 and the API's error shape for every HTTP method, defined by the route
// or not, exactly like an address that does not exist, and changes nothing. The routes are found on disk,
// so a new one is covered the day it is added.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetDatabase, snapshotTables } from "../helpers/db";
import { callRoute, definedMethods, hiddenRoutes, HTTP_METHODS, type HiddenRoute } from "../helpers/hidden-routes";
import { createSignedInHandyman } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { apiRequest, createSignedInUser } from "../helpers/session";
import * as unknownApi from "../../app/api/[...path]/route";

const opsRoutes = () => hiddenRoutes("ops");
const NOT_FOUND = { error: { code: "not_found", message: "This page could not be found." } };

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

  it("export every HTTP method, so none is left to Next.js's 405 or its automatic OPTIONS", async () => {
    for (const route of await opsRoutes()) expect(Object.keys(route.handlers).sort(), route.urlPath).toEqual([...HTTP_METHODS].sort());
  });

  it.each([
    ["signed out", async () => undefined],
    ["a homeowner", async () => (await createSignedInUser()).cookie],
    ["a handyman", async () => (await createSignedInHandyman(10)).cookie],
  ])("answer %s with 404 and the error shape for every method, defined or not, and change nothing", async (_who, cookieOf) => {
    const cookie = await cookieOf();
    const before = await snapshotTables();
    for (const route of await opsRoutes()) {
      for (const method of HTTP_METHODS) {
        const response = await callRoute(route, method, { cookie, body: PLAUSIBLE_BODY });
        expect(response.status, `${method} ${route.urlPath}`).toBe(404);
        expect(response.headers.get("cache-control"), `${method} ${route.urlPath}`).toBe("no-store");
        expect(response.headers.get("allow"), `${method} ${route.urlPath}`).toBeNull();
        expect(await response.json(), `${method} ${route.urlPath}`).toEqual(NOT_FOUND);
      }
    }
    expect(await snapshotTables()).toBe(before);
  });

  it("answer a cross-site write from an outsider with the same 404, not the 403 that would show the route exists", async () => {
    const homeowner = await createSignedInUser();
    for (const route of await opsRoutes()) {
      const response = await callRoute(route, "POST", { cookie: homeowner.cookie, body: PLAUSIBLE_BODY, headers: { origin: "https://evil.example" } });
      expect(response.status, `POST ${route.urlPath}`).toBe(404);
    }
  });

  it.each(HTTP_METHODS)("answer %s exactly as an API address that does not exist", async (method) => {
    const homeowner = await createSignedInUser();
    const [route] = await opsRoutes();
    const fromConsole = await callRoute(route!, method, { cookie: homeowner.cookie });
    const fromNowhere = await unknownApi[method](apiRequest(method, "/api/no-such-thing", { cookie: homeowner.cookie }));
    expect(fromNowhere.status).toBe(fromConsole.status);
    expect(fromNowhere.headers.get("content-type")).toBe(fromConsole.headers.get("content-type"));
    expect(await fromNowhere.text()).toBe(await fromConsole.text());
  });

  it("tell an operator, and only an operator, which methods a route takes: 405 with Allow for the others", async () => {
    const operator = await createSignedInOperator();
    const before = await snapshotTables();
    const roster = (await opsRoutes()).find((route) => route.urlPath === "/api/ops/handymen") as HiddenRoute;
    expect(await definedMethods(roster, operator.cookie)).toEqual(["GET", "HEAD", "OPTIONS"]);
    const refused = await callRoute(roster, "POST", { cookie: operator.cookie, body: PLAUSIBLE_BODY });
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
    const head = await callRoute(roster, "HEAD", { cookie: operator.cookie });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(await snapshotTables()).toBe(before);
  });

  it("refuse a cross-site write with 403 even from an operator, and change nothing", async () => {
    const operator = await createSignedInOperator();
    const before = await snapshotTables();
    for (const route of await opsRoutes()) {
      for (const method of (await definedMethods(route, operator.cookie)).filter((m) => !["GET", "HEAD", "OPTIONS"].includes(m))) {
        const response = await callRoute(route, method, { cookie: operator.cookie, body: PLAUSIBLE_BODY, headers: { origin: "https://evil.example" } });
        expect(response.status, `${method} ${route.urlPath}`).toBe(403);
      }
    }
    expect(await snapshotTables()).toBe(before);
  });

  it("let an operator read the console's lists", async () => {
    const operator = await createSignedInOperator();
    const lists: HiddenRoute[] = [];
    for (const route of await opsRoutes()) {
      if (/^\/api\/ops\/[a-z-]+$/.test(route.urlPath) && (await definedMethods(route, operator.cookie)).includes("GET")) lists.push(route);
    }
    expect(lists.length).toBeGreaterThan(0);
    for (const route of lists) {
      const response = await callRoute(route, "GET", { cookie: operator.cookie });
      expect(response.status, `GET ${route.urlPath}`).toBe(200);
    }
  });
});
