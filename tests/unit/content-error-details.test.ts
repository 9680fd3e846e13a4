// The error screen's wording: a status and a message, and never a stack trace in production.
import { describe, expect, it } from "vitest";
import { SERVER_ERROR_MESSAGE, describeError } from "@/components/layout/describe-error";

describe("describeError", () => {
  it("reports 500 and the message of a plain error", () => {
    expect(describeError(new Error("Boom"), false)).toEqual({ status: 500, message: "Boom", digest: undefined, stack: undefined });
  });

  it("keeps an HTTP status carried by the error", () => {
    const error = Object.assign(new Error("Gone"), { status: 410 });
    expect(describeError(error, false).status).toBe(410);
    const viaStatusCode = Object.assign(new Error("Busy"), { statusCode: 503 });
    expect(describeError(viaStatusCode, false).status).toBe(503);
  });

  it("ignores a status that is not an HTTP error status", () => {
    expect(describeError(Object.assign(new Error("x"), { status: 200 }), false).status).toBe(500);
    expect(describeError(Object.assign(new Error("x"), { status: "404" }), false).status).toBe(500);
  });

  it("explains a server error in plain words and passes on its digest, which matches the server's log", () => {
    const error = Object.assign(new Error("Minified React error #441; visit https://react.dev/errors/441"), { digest: "12345" });
    expect(describeError(error, false)).toEqual({ status: 500, message: SERVER_ERROR_MESSAGE, digest: "12345", stack: undefined });
  });

  it("shows a server error's own message in development", () => {
    const error = Object.assign(new Error("relation users does not exist"), { digest: "12345" });
    expect(describeError(error, true).message).toBe("relation users does not exist");
  });

  it("never includes the stack when stacks are not to be shown", () => {
    expect(describeError(new Error("Boom"), false).stack).toBeUndefined();
    expect(describeError(new Error("Boom"), true).stack).toContain("Boom");
  });

  it("hides the stack by default in production", () => {
    const previous = process.env.NODE_ENV;
    (process.env as Record<string, string>).NODE_ENV = "production";
    try {
      expect(describeError(new Error("Boom")).stack).toBeUndefined();
    } finally {
      (process.env as Record<string, string | undefined>).NODE_ENV = previous;
    }
  });

  it("describes thrown values that are not errors", () => {
    expect(describeError("Nope")).toEqual({ status: 500, message: "Nope" });
    expect(describeError(undefined)).toEqual({ status: 500, message: "Something went wrong." });
    expect(describeError({ message: "object" })).toEqual({ status: 500, message: "Something went wrong." });
  });
});
