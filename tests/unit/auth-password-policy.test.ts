// New passwords: 8 to 128 characters (as people count them) and not one of the common passwords.
import { describe, expect, it } from "vitest";
import commonPasswords from "../../lib/data/common-passwords.json";
import { isCommonPassword, passwordPolicyProblem } from "../../lib/auth/passwords";
import { characterCount } from "../../lib/validations/auth";

describe("password policy", () => {
  it("accepts a password of 8 and of 128 characters that is not common", () => {
    expect(passwordPolicyProblem("tq8#Lm2v")).toBeNull();
    expect(passwordPolicyProblem("k".repeat(120) + "Zq9!mW3e")).toBeNull();
  });

  it.each([
    ["empty", "", /Enter a password/],
    ["7 characters", "tq8#Lm2", /at least 8/],
    ["129 characters", "x".repeat(128) + "y", /at most 128/],
    ["10,000 characters", "a".repeat(10_000), /at most 128/],
  ])("refuses a password that is %s", (_, password, message) => {
    expect(passwordPolicyProblem(password)).toMatch(message);
  });

  it("counts an emoji as one character, not two UTF-16 units", () => {
    const sevenEmoji = "🔧".repeat(7);
    expect(sevenEmoji.length).toBe(14);
    expect(characterCount(sevenEmoji)).toBe(7);
    expect(passwordPolicyProblem(sevenEmoji)).toMatch(/at least 8/);
    expect(passwordPolicyProblem("🔧".repeat(8))).toBeNull();
    expect(passwordPolicyProblem("🔧".repeat(129))).toMatch(/at most 128/);
  });

  it.each(["password", "12345678", "iloveyou", "sunshine", "PassWord", "QWERTYUIOP", "trustno1"])(
    "refuses the common password %s, whatever its letter case",
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
      expect(passwordPolicyProblem(password)).toMatch(/most common/);
    },
  );

  it("ships a list of a few thousand common passwords, all at least 8 characters and lower-case", () => {
    const list = commonPasswords as string[];
    expect(list.length).toBeGreaterThanOrEqual(3000);
    expect(list.length).toBeLessThanOrEqual(20_000);
    expect(new Set(list).size).toBe(list.length);
    for (const entry of list) {
      expect(characterCount(entry)).toBeGreaterThanOrEqual(8);
      expect(entry).toBe(entry.toLowerCase());
    }
  });
});
