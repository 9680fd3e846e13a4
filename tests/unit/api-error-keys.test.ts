// An ApiError carries its message's key: the English words of the wire stay as they were, and the same
// error answers in Dutch without any English sentence being looked up.
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { handleAuthGet, handleAuthPost } from "@/lib/auth/next-auth";
import { registerUser } from "@/lib/auth/sign-in";
import en from "../../messages/en/api.json";
import nl from "../../messages/nl/api.json";
import nlValidation from "../../messages/nl/validation.json";

describe("ApiError with a key", () => {
  it("says its message in English by default and in Dutch when asked, with its values", () => {
    const error = new ApiError("conflict", { key: "handymanAlreadySuspended", values: { name: "Lina" } });
    expect(error.message).toBe(en.handymanAlreadySuspended.replace("{name}", "Lina"));
    expect(error.messageIn("nl")).toBe(nl.handymanAlreadySuspended.replace("{name}", "Lina"));
  });

  it("translates issues that carry keys, and keeps the key when its issues are replaced", () => {
    const error = new ApiError("not_found", { key: "handymanNotFound" }, [{ path: "handyman_id", message: { key: "chooseHandyman" } }]);
    expect(error.issues).toEqual([{ path: "handyman_id", message: en.chooseHandyman }]);
    expect(error.issuesIn("nl")).toEqual([{ path: "handyman_id", message: nl.chooseHandyman }]);
    const moved = error.withIssues([{ path: "email", message: { key: "emailInvalid" } }]);
    expect(moved.messageIn("nl")).toBe(nl.handymanNotFound);
    expect(moved.issuesIn("nl")).toEqual([{ path: "email", message: nl.emailInvalid }]);
    expect(moved.status).toBe(404);
  });
});

describe("the sign-in route and sign-up answer in Dutch by key", () => {
  const SIGN_IN = "http://localhost:3000/api/auth/callback/credentials";
  const context = { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) };
  const post = (headers: Record<string, string>) => new NextRequest(SIGN_IN, { method: "POST", headers, body: "email=a%40example.test" });

  it.each([
    ["a GET of the callback", () => handleAuthGet(new NextRequest(SIGN_IN, { headers: { "accept-language": "nl" } }), context), 405, nl.signInWithForm],
    ["a cross-site post", () => handleAuthPost(post({ "accept-language": "nl", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" }), context), 403, nl.crossSite],
    ["a post that is not a form", () => handleAuthPost(post({ "accept-language": "nl", "content-type": "text/plain" }), context), 415, nl.body.formType],
  ])("%s: the status of old, the message from the Dutch catalogue", async (_, answer, status, message) => {
    const response = await answer();
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
  });

  it("a post that is not a form keeps its English words without a Dutch Accept-Language", async () => {
    const response = await handleAuthPost(post({ "content-type": "text/plain" }), context);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(en.body.formType);
  });

  it("a taken email's conflict and a common password's refusal name their words in Dutch", async () => {
    const refused = await registerUser({ email: "a@example.test", password: "password123" }, { ip: null }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).issuesIn("nl")).toEqual([{ path: "password", message: nlValidation.passwordCommon }]);
    const taken = new ApiError("conflict", { key: "emailTaken" }, [{ path: "email", message: { key: "emailTaken" } }]);
    expect(taken.messageIn("nl")).toBe(nl.emailTaken);
    expect(taken.issuesIn("nl")).toEqual([{ path: "email", message: nl.emailTaken }]);
  });
});

describe("the console's job-opening refusals carry keys", () => {
  it("an incomplete Dutch version: the English words as before, the same refusal from the Dutch catalogue", async () => {
    const { readDutchChange, dutchRefusalMessage } = await import("@/lib/careers/console-translation");
    const { issues } = readDutchChange({ nl: { role: "Loodgieter" } });
    const error = new ApiError("validation_failed", dutchRefusalMessage(issues), issues);
    expect(error.message).toBe(en.opening.dutch.incomplete);
    expect(error.messageIn("nl")).toBe(nl.opening.dutch.incomplete);
    expect(error.issues).toContainEqual({ path: "nl.description", message: "Enter the Dutch short description, or leave every Dutch field empty." });
    expect(error.issuesIn("nl")).toContainEqual({ path: "nl.description", message: "Vul het Nederlandse veld ‘korte omschrijving’ in, of laat alle Nederlandse velden leeg." });
  });
});
