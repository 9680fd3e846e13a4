// The shared handler wrapper: cross-site refusal, body limits, error shape, no internals in 500s.
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "../../lib/api/errors";
import { parseJson, withErrors, withUser } from "../../lib/api/handler";

const echo = withErrors(async ({ req }) => {
  const body = await parseJson(req, z.object({ name: z.string().max(10) }));
  return Response.json(body);
});

const context = { params: Promise.resolve({}) };

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request("http://shop.test/api/echo", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });
}

describe("withErrors + parseJson", () => {
  it("passes a valid same-origin JSON body through", async () => {
    const response = await echo(post(JSON.stringify({ name: "Ann" }), { origin: "http://shop.test", "sec-fetch-site": "same-origin" }), context);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: "Ann" });
  });

  it.each([
    ["a foreign Origin", { origin: "https://evil.test" }],
    ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site same-site (a sibling subdomain)", { "sec-fetch-site": "same-site" }],
    ["the literal null origin", { origin: "null" }],
  ])("refuses a POST with %s with 403", async (_name, headers) => {
    const handler = vi.fn();
    const guarded = withErrors(async () => {
      handler();
      return new Response("ran");
    });
    const response = await guarded(post(JSON.stringify({ name: "x" }), headers), context);
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("forbidden");
    expect(handler).not.toHaveBeenCalled();
  });

  it.each([
    ["a text/plain body", post("{}", { "content-type": "text/plain" }), 415, "unsupported_media_type"],
    ["a form body", post("name=x", { "content-type": "application/x-www-form-urlencoded" }), 415, "unsupported_media_type"],
    ["malformed JSON", post("{name:"), 400, "invalid_json"],
    ["an empty body", post(null), 400, "invalid_json"],
    ["a field of the wrong type", post(JSON.stringify({ name: 5 })), 400, "validation_failed"],
    ["a body over 16 KiB", post(JSON.stringify({ name: "x".repeat(20_000) })), 413, "payload_too_large"],
    ["a 1 MB body", post("x".repeat(1_000_000)), 413, "payload_too_large"],
  ])("answers %s with %i and the error shape", async (_name, request, status, code) => {
    const response = await echo(request, context);
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.error.code).toBe(code);
    expect(typeof body.error.message).toBe("string");
  });

  it("lists the invalid fields in issues", async () => {
    const response = await echo(post(JSON.stringify({ name: "far too long a name" })), context);
    expect((await response.json()).error.issues).toEqual([expect.objectContaining({ path: "name" })]);
  });

  it("turns an unexpected error into a generic 500 that reveals nothing", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = withErrors(async () => {
      throw new Error('duplicate key value violates unique constraint "users_pkey" at /srv/app/lib/x.ts:12');
    });
    const response = await failing(new Request("http://shop.test/api/x"), context);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toMatch(/users_pkey|\/srv|duplicate/);
    expect(JSON.parse(text).error.code).toBe("internal_error");
    spy.mockRestore();
  });

  it("answers 503 with Retry-After when the database is unreachable", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = withErrors(async () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    });
    const response = await failing(new Request("http://shop.test/api/x"), context);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect((await response.json()).error.code).toBe("database_unavailable");
    spy.mockRestore();
  });

  it("keeps an ApiError's own status and message", async () => {
    const failing = withErrors(async () => {
      throw new ApiError("conflict", "Already there.");
    });
    const response = await failing(new Request("http://shop.test/api/x"), context);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: "conflict", message: "Already there." } });
  });
});

describe("withUser", () => {
  it("answers 401 without a session, logs the denial without cookies, and never runs the handler", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const handler = vi.fn();
    const guarded = withUser(async () => {
      handler();
      return new Response("ran");
    });
    const response = await guarded(
      new Request("http://shop.test/api/secret", { headers: { cookie: "next-auth.session-token=forged.token.value" } }),
      context,
    );
    expect(response.status).toBe(401);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(handler).not.toHaveBeenCalled();
    const logged = warn.mock.calls.map((call) => call.join(" ")).join("\n");
    expect(logged).toContain("[security] access denied (401): GET /api/secret");
    expect(logged).not.toContain("forged.token.value");
    warn.mockRestore();
  });
});

describe("a body that breaks off", () => {
  it("answers 400 when the client resets the connection mid-body, not 503 or 500", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":'));
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    const request = new Request("http://shop.test/api/echo", {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    const response = await echo(request, context);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("bad_request");
  });
});
