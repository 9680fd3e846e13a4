// The account pages name the user after their email: the part before @, first letter capitalised.
import { describe, expect, it } from "vitest";
import { displayNameFromEmail } from "../../lib/auth/current-user";

describe("displayNameFromEmail", () => {
  it.each([
    ["jane@example.com", "Jane"],
    ["jane.doe@example.com", "Jane.doe"],
    ["j@example.com", "J"],
    ["42fixer@example.com", "42fixer"],
    ["o'brien+work@example.nl", "O'brien+work"],
    ["Already@example.com", "Already"],
  ])("names %s as %s", (email, name) => {
    expect(displayNameFromEmail(email)).toBe(name);
  });

  it("keeps the rest of the local part exactly as it is", () => {
    expect(displayNameFromEmail("mArIa@example.com")).toBe("MArIa");
  });

  it("uses only the part before the first @", () => {
    expect(displayNameFromEmail("anna@mail.example.com")).toBe("Anna");
    expect(displayNameFromEmail("anna")).toBe("Anna");
  });
});
