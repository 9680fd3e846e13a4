// Choosing a language from Accept-Language (pages' translator and the API's errors share the rule), and
// the API's messages: English as it always was, Dutch from the api catalogue, the code untouched.
import { describe, expect, it } from "vitest";
import { ApiError, errorResponse } from "../../lib/api/errors";
import { localeFromAcceptLanguage } from "../../lib/i18n/translator";
import { localeFromAcceptLanguage as pureLocaleFromAcceptLanguage } from "../../lib/i18n/accept-language";

const cases: [string | null | undefined, "en" | "nl"][] = [
  [null, "en"],
  [undefined, "en"],
  ["", "en"],
  ["nl", "nl"],
  ["nl-NL,nl;q=0.9", "nl"],
  ["nl-BE", "nl"],
  ["NL-nl", "nl"],
  ["en-GB,en;q=0.9,nl;q=0.8", "en"],
  ["nl-NL,nl;q=0.9,en;q=0.8", "nl"],
  ["en;q=0.5,nl;q=0.9", "nl"],
  ["fr-FR,de;q=0.9", "en"],
  ["fr-FR,nl;q=0.3", "nl"],
  ["nl;q=0", "en"],
  ["nl;q=abc,en", "en"],
  ["*", "en"],
  [" nl-NL ; q=1 , en ; q=0.5 ", "nl"],
];

describe("the language Accept-Language asks for", () => {
  it.each(cases)("%j → %s", (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
    expect(pureLocaleFromAcceptLanguage(header)).toBe(expected);
  });

  it("reads at most 32 entries of an absurdly long header", () => {
    const header = [...Array.from({ length: 40 }, () => "fr;q=0.9"), "nl"].join(",");
    expect(localeFromAcceptLanguage(header)).toBe("en");
    expect(pureLocaleFromAcceptLanguage(header)).toBe("en");
  });
});

describe("API error messages", () => {
  it("keeps the English words, and has Dutch ones for the catalogue's messages", () => {
    const error = new ApiError("conflict", { key: "request.wrongState", values: { state: "offered" } });
    expect(error.message).toBe("That cannot be done now: the request is waiting for the handyman's answer.");
    expect(error.messageIn("en")).toBe(error.message);
    expect(error.messageIn("nl")).toBe("Dat kan nu niet: de aanvraag wacht op het antwoord van de vakman.");
  });

  it("translates a message thrown as a schema's words, and leaves any other string as it is", () => {
    expect(new ApiError("validation_failed", "Choose a city.").messageIn("nl")).toBe("Kies een stad.");
    expect(new ApiError("not_found", "That handyman was not found.").messageIn("nl")).toBe("That handyman was not found.");
    expect(new ApiError("conflict", "Something only English knows.").messageIn("nl")).toBe("Something only English knows.");
  });

  it("writes values in the reader's language", () => {
    const error = new ApiError("bad_request", { key: "request.alreadyPlanned", values: { date: (locale) => (locale === "nl" ? "1 maart 2027" : "1 March 2027") } });
    expect(error.message).toBe("The job is already planned for 1 March 2027.");
    expect(error.messageIn("nl")).toBe("De klus staat al gepland op 1 maart 2027.");
  });

  it("answers with the same code and status in either language, issues translated where the catalogue has them", async () => {
    const error = new ApiError("conflict", { key: "emailTaken" }, [{ path: "email", message: { key: "emailTaken" } }]);
    const english = await errorResponse(error).json();
    const dutch = errorResponse(error, "nl");
    expect(dutch.status).toBe(409);
    expect(english).toEqual({
      error: { code: "conflict", message: "An account with this email already exists. Sign in instead.", issues: [{ path: "email", message: "An account with this email already exists. Sign in instead." }] },
    });
    expect(await dutch.json()).toEqual({
      error: {
        code: "conflict",
        message: "Er bestaat al een account met dit e-mailadres. Log in plaats daarvan in.",
        issues: [{ path: "email", message: "Er bestaat al een account met dit e-mailadres. Log in plaats daarvan in." }],
      },
    });
  });
});
