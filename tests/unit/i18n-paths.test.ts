import { describe, expect, it } from "vitest";
import { internalPath, localizedPath, splitLocale } from "../../lib/i18n/paths";
import { alternatesFor, pageMetadata } from "../../lib/i18n/metadata";
import { localeFromAcceptLanguage } from "../../lib/i18n/translator";
import { localizeHref } from "../../components/i18n/link";
import { prefersDutch } from "../../components/i18n/language-suggestion";
import { openingIdOfPath } from "../../lib/careers/closed-path";

describe("paths in each language", () => {
  it("keeps English paths as they are and puts Dutch under /nl", () => {
    expect(localizedPath("en", "/")).toBe("/");
    expect(localizedPath("en", "/ourstory")).toBe("/ourstory");
    expect(localizedPath("nl", "/")).toBe("/nl");
    expect(localizedPath("nl", "/job-openings/plumber")).toBe("/nl/job-openings/plumber");
  });

  it("tells the language of a path and strips its prefix", () => {
    expect(splitLocale("/")).toEqual({ locale: "en", path: "/" });
    expect(splitLocale("/ourstory")).toEqual({ locale: "en", path: "/ourstory" });
    expect(splitLocale("/nl")).toEqual({ locale: "nl", path: "/" });
    expect(splitLocale("/nl/signup")).toEqual({ locale: "nl", path: "/signup" });
    // The route Next renders a prerendered English page as.
    expect(splitLocale("/en/ourstory")).toEqual({ locale: "en", path: "/ourstory" });
    // A path that merely starts with the letters is not Dutch.
    expect(splitLocale("/nlx")).toEqual({ locale: "en", path: "/nlx" });
  });

  it("names the route Next.js renders for a public path", () => {
    expect(internalPath("/")).toBe("/en");
    expect(internalPath("/team")).toBe("/en/team");
    expect(internalPath("/nl")).toBe("/nl");
    expect(internalPath("/nl/team")).toBe("/nl/team");
  });

  it("localises links to pages only", () => {
    expect(localizeHref("nl", "/signup")).toBe("/nl/signup");
    expect(localizeHref("nl", "/")).toBe("/nl");
    expect(localizeHref("nl", "/?from=x#top")).toBe("/nl?from=x#top");
    expect(localizeHref("nl", "/dashboard/orders?page=2")).toBe("/nl/dashboard/orders?page=2");
    expect(localizeHref("nl", "/api/job-openings")).toBe("/api/job-openings");
    expect(localizeHref("nl", "https://example.com/x")).toBe("https://example.com/x");
    expect(localizeHref("nl", "#main")).toBe("#main");
    expect(localizeHref("nl", "//evil.example/x")).toBe("//evil.example/x");
    expect(localizeHref("en", "/signup")).toBe("/signup");
  });

  it("finds a closed opening's id in either language", () => {
    expect(openingIdOfPath("/nl/job-openings/senior-plumber")).toBe("senior-plumber");
    expect(openingIdOfPath("/job-openings/senior-plumber")).toBe("senior-plumber");
    expect(openingIdOfPath("/nl/job-openings")).toBeNull();
  });
});

describe("addresses for search engines", () => {
  it("gives a canonical URL per language and hreflang alternates with x-default", () => {
    expect(alternatesFor("nl", "/ourstory")).toEqual({ canonical: "/nl/ourstory", languages: { en: "/ourstory", nl: "/nl/ourstory", "x-default": "/ourstory" } });
    expect(alternatesFor("en", "/")).toEqual({ canonical: "/", languages: { en: "/", nl: "/nl", "x-default": "/" } });
  });

  it("puts Open Graph in the page's language", () => {
    expect(pageMetadata("nl", "/team", { title: "Ons team", description: "Wie wij zijn" }).openGraph).toMatchObject({ locale: "nl_NL", url: "/nl/team", title: "Ons team" });
  });
});

describe("the visitor's language", () => {
  it.each([
    [null, "en"],
    ["", "en"],
    ["nl-NL,nl;q=0.9,en;q=0.8", "nl"],
    ["en-GB,en;q=0.9,nl;q=0.8", "en"],
    ["de-DE,nl;q=0.5", "nl"],
    ["fr-FR,de;q=0.8", "en"],
    ["en;q=0.2,nl;q=0.9", "nl"],
    ["nl;q=0,en", "en"],
    ["*", "en"],
    ["nl;q=abc", "en"],
    [";;,,", "en"],
  ])("Accept-Language %j gives %s", (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  it("offers Dutch only to browsers that put Dutch before English", () => {
    expect(prefersDutch(["nl-NL", "en-US"])).toBe(true);
    expect(prefersDutch(["de-DE", "nl"])).toBe(true);
    expect(prefersDutch(["en-GB", "nl-NL"])).toBe(false);
    expect(prefersDutch(["fr-FR"])).toBe(false);
    expect(prefersDutch([])).toBe(false);
  });
});
