// The account forms' payloads: one message per bad field, emails normalised to one spelling.
import { describe, expect, it } from "vitest";
import {
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  newPasswordFormSchema,
  signInSchema,
  signUpSchema,
} from "../../lib/validations/auth";

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
}

describe("signUpSchema", () => {
  it("trims and lower-cases the email", () => {
    const result = signUpSchema.parse({ email: "  Jane.Doe@Example.COM ", password: "tq8#Lm2v-long" });
    expect(result.email).toBe("jane.doe@example.com");
  });

  it.each([
    ["an empty email", { email: "", password: "tq8#Lm2v-long" }, { email: /Enter your email/ }],
    ["a missing email", { password: "tq8#Lm2v-long" }, { email: /Enter your email/ }],
    ["an email without @", { email: "jane.example.com", password: "tq8#Lm2v-long" }, { email: /needs an @/ }],
    ["an email without a domain", { email: "jane@", password: "tq8#Lm2v-long" }, { email: /valid email/ }],
    ["two @ signs", { email: "ja@ne@example.com", password: "tq8#Lm2v-long" }, { email: /valid email/ }],
    ["a unicode email", { email: "jörg@exämple.de", password: "tq8#Lm2v-long" }, { email: /a–z/ }],
    ["a non-Latin email", { email: "用户@例子.广告", password: "tq8#Lm2v-long" }, { email: /a–z/ }],
    ["an over-long email", { email: `${"a".repeat(250)}@example.com`, password: "tq8#Lm2v-long" }, { email: /at most 254/ }],
    ["an address the mail outbox could not send to", { email: "{a-+/^g@j.kp", password: "tq8#Lm2v-long" }, { email: /valid email/ }],
    ["an address under .invalid, which never receives mail", { email: "deleted-1@deleted.invalid", password: "tq8#Lm2v-long" }, { email: /valid email/ }],
    ["an empty password", { email: "jane@example.com", password: "" }, { password: /Enter a password/ }],
    ["a short password", { email: "jane@example.com", password: "short" }, { password: /at least 8/ }],
    ["a 10,000-character password", { email: "jane@example.com", password: "p".repeat(10_000) }, { password: /at most 128/ }],
    ["a number for a password", { email: "jane@example.com", password: 12345678 }, { password: /Enter a password/ }],
    ["both fields empty", { email: "", password: "" }, { email: /Enter your email/, password: /Enter a password/ }],
  ])("refuses %s with a message on the field", (_, input, expected) => {
    const result = signUpSchema.safeParse(input);
    expect(result.success).toBe(false);
    const found = messages(result);
    expect(Object.keys(found).sort()).toEqual(Object.keys(expected).sort());
    for (const [field, pattern] of Object.entries(expected)) expect(found[field]).toMatch(pattern);
  });

  it("refuses a body that is not an object", () => {
    expect(signUpSchema.safeParse("email=jane@example.com").success).toBe(false);
    expect(signUpSchema.safeParse(null).success).toBe(false);
  });
});

describe("signInSchema", () => {
  it("reads the remember-me box as a boolean from a form value", () => {
    expect(signInSchema.parse({ email: "a@example.com", password: "x", remember: "true" }).remember).toBe(true);
    expect(signInSchema.parse({ email: "a@example.com", password: "x", remember: "on" }).remember).toBe(true);
    expect(signInSchema.parse({ email: "a@example.com", password: "x", remember: "false" }).remember).toBe(false);
    expect(signInSchema.parse({ email: "a@example.com", password: "x" }).remember).toBe(false);
  });

  it("accepts any non-empty password up to 128 characters (the policy applies to new passwords only)", () => {
    expect(signInSchema.safeParse({ email: "a@example.com", password: "1" }).success).toBe(true);
    expect(signInSchema.safeParse({ email: "a@example.com", password: "p".repeat(129) }).success).toBe(false);
    expect(signInSchema.safeParse({ email: "a@example.com", password: "" }).success).toBe(false);
  });
});

describe("the account forms' other payloads", () => {
  it.each([
    ["forgot password, a malformed address", forgotPasswordSchema, { email: "jane" }, { email: /needs an @/ }],
    ["new password from a link, too short", newPasswordFormSchema, { token: "t", password: "short" }, { password: /at least 8/ }],
    ["new password from a link, no token field", newPasswordFormSchema, { password: "tq8#Lm2v-long" }, { token: /not valid/ }],
    ["change password, no current password", changePasswordSchema, { currentPassword: "", newPassword: "tq8#Lm2v-long" }, { currentPassword: /current password/ }],
    ["change password, a new one too long", changePasswordSchema, { currentPassword: "x", newPassword: "p".repeat(129) }, { newPassword: /at most 128/ }],
    ["delete account, no password", deleteAccountSchema, { password: "" }, { password: /to confirm/ }],
  ])("%s: one message on the field", (_, schema, input, expected) => {
    const found = messages(schema.safeParse(input));
    expect(Object.keys(found).sort()).toEqual(Object.keys(expected).sort());
    for (const [field, pattern] of Object.entries(expected)) expect(found[field]).toMatch(pattern);
  });
});
