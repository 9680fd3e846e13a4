import { describe, expect, it } from "vitest";
import { signUpSchema, signInSchema, changePasswordSchema, deleteAccountSchema, newPasswordFormSchema } from "@/lib/validations/auth";
import { requestFormSchema, MAX_DETAILS_LENGTH } from "@/lib/requests/schemas";
import { reviewSchema, declineSchema, MAX_DECLINE_REASON_LENGTH, MAX_REVIEW_LENGTH } from "@/lib/validations/request-steps";
import * as registry from "@/lib/validations/messages";
import { fieldErrorsIn, translateIssues, validationKeyOf } from "@/lib/validations/messages";
import { fieldErrorsOf } from "@/lib/validations/field-errors";

function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.error?.issues ?? [];
}

const samples = [
  issuesOf(signUpSchema.safeParse({})),
  issuesOf(signUpSchema.safeParse({ email: "", password: "" })),
  issuesOf(signUpSchema.safeParse({ email: "nobody", password: "short" })),
  issuesOf(signUpSchema.safeParse({ email: "jürgen@example.com", password: "x".repeat(200) })),
  issuesOf(signUpSchema.safeParse({ email: `${"a".repeat(250)}@example.com`, password: "x" })),
  issuesOf(signUpSchema.safeParse({ email: "a..b@example.com", password: "x" })),
  issuesOf(signInSchema.safeParse({ email: "a@example.com", password: "" })),
  issuesOf(signInSchema.safeParse({ email: "a@example.com", password: "x".repeat(200) })),
  issuesOf(changePasswordSchema.safeParse({ currentPassword: "", newPassword: "" })),
  issuesOf(deleteAccountSchema.safeParse({ password: "" })),
  issuesOf(newPasswordFormSchema.safeParse({ password: "longenough" })),
  issuesOf(requestFormSchema.safeParse({})),
  issuesOf(requestFormSchema.safeParse({ task_type: "Painting", city: "Amsterdam", date: "2020-01-01", details: "x".repeat(2001) })),
  issuesOf(requestFormSchema.safeParse({ task_type: "Painting", city: "Amsterdam", date: "15-01-2027", details: "\u0000" })),
  issuesOf(requestFormSchema.safeParse({ task_type: "Painting", city: "Amsterdam", date: "", details: 5 })),
  issuesOf(reviewSchema.safeParse({ stars: 0, text: "x".repeat(2001) })),
  issuesOf(reviewSchema.safeParse({ stars: 9, text: 4 })),
  issuesOf(reviewSchema.safeParse({ stars: "a" })),
  issuesOf(declineSchema.safeParse({ reason: "x".repeat(501) })),
  issuesOf(declineSchema.safeParse({ reason: 1 })),
].flat();

describe("validation messages in the page's language", () => {
  it("knows every message the forms' schemas give", () => {
    const unknown = samples.filter((issue) => !validationKeyOf(issue.message)).map((issue) => issue.message);
    expect(unknown).toEqual([]);
  });

  it("keeps English exactly as the schemas wrote it", async () => {
    expect(await fieldErrorsIn(samples, "en")).toEqual(fieldErrorsOf(samples));
    expect(await translateIssues(samples, "en")).toEqual(samples);
  });

  it("gives Dutch for each of them", async () => {
    const dutch = await translateIssues(samples, "nl");
    for (const [index, issue] of dutch.entries()) expect(issue.message).not.toBe(samples[index].message);
    expect(await fieldErrorsIn(issuesOf(signUpSchema.safeParse({ email: "", password: "short" })), "nl")).toEqual({
      email: "Vul je e-mailadres in.",
      password: "Gebruik minstens 8 tekens voor je wachtwoord.",
    });
    expect((await translateIssues([{ path: "x", message: "Please fix the 3 fields marked below." }], "nl"))[0].message).toBe("Verbeter de 3 velden hieronder.");
    expect((await translateIssues([{ path: "details", message: "Keep the details to 2,000 characters or fewer." }], "nl"))[0].message).toBe(
      "Houd de omschrijving op maximaal 2.000 tekens.",
    );
  });

  it("leaves a message it does not know as it is", async () => {
    expect((await translateIssues([{ path: "x", message: "Something else." }], "nl"))[0].message).toBe("Something else.");
  });

  it("uses the schemas' limits", () => {
    expect(registry.MAX_DETAILS_LENGTH).toBe(MAX_DETAILS_LENGTH);
    expect(registry.MAX_REVIEW_LENGTH).toBe(MAX_REVIEW_LENGTH);
    expect(registry.MAX_DECLINE_REASON_LENGTH).toBe(MAX_DECLINE_REASON_LENGTH);
  });
});

describe("the sign-in page's error codes", async () => {
  const en = (await import("../../messages/en/auth.json")).default;
  const nl = (await import("../../messages/nl/auth.json")).default;
  const { signInErrorKey } = await import("@/lib/i18n/sign-in-errors");

  it("each have a message in both languages, and an unknown code the general one", () => {
    for (const code of ["CredentialsSignin", "RateLimited", "Unavailable", "FormExpired", "SessionRequired", "Other"]) {
      const key = signInErrorKey(code) as keyof typeof en.errors;
      expect(en.errors[key]).toBeTruthy();
      expect(nl.errors[key as keyof typeof nl.errors]).toBeTruthy();
    }
    expect(signInErrorKey("Other")).toBe("signInFailed");
    expect(signInErrorKey(null)).toBeNull();
  });
});

describe("labels in the page's language", async () => {
  const { cityLabel, criterionLabel, taskTypeLabel, tradeNames } = await import("@/lib/requests/words");

  it("keeps English and gives Dutch", () => {
    expect(taskTypeLabel("Pipe-leakage")).toBe("Pipe leakage");
    expect(taskTypeLabel("Pipe-leakage", "nl")).toBe("Lekkage");
    expect(criterionLabel("rated", "en")).toBe("Best rated");
    expect(cityLabel("The Hague", "nl")).toBe("Den Haag");
    expect(criterionLabel("price", "nl")).toBe("Goedkoopste");
    expect(tradeNames("Pipe-leakage", "nl").many).toBe("loodgieters");
  });
});
