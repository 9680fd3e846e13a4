// An ApiError carries its message's key: the English words of the wire stay as they were, and the same
// error answers in Dutch without any English sentence being looked up.
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import en from "../../messages/en/api.json";
import nl from "../../messages/nl/api.json";

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
