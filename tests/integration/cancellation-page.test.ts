// The public cancellation rules page (/cancellation) in both languages: its hours and its example amounts
// come from the rule itself (lib/payments/cancellation.ts), so what it says is what the Cancel button does.
import { JSDOM } from "jsdom";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

const pageLocale = vi.hoisted(() => ({ value: "en" as "en" | "nl" }));

// The server component runs outside Next's renderer: next-intl's locale is the test's, its translations the
// catalogue's through lib/i18n.
vi.mock("next-intl/server", async (original) => ({
  ...(await original<typeof import("next-intl/server")>()),
  setRequestLocale: () => {},
  getLocale: async () => pageLocale.value,
  getTranslations: async (arg: string | { locale: string; namespace: string }) => {
    const { getTranslator } = await import("@/lib/i18n/translator");
    const { locale, namespace: full } = typeof arg === "string" ? { locale: pageLocale.value, namespace: arg } : arg;
    const [namespace, ...within] = full.split(".");
    const t = getTranslator(locale as "en", namespace as never) as unknown as (key: string, values?: object) => string;
    return (key: string, values?: object) => t([...within, key].join("."), values);
  },
}));

const { default: CancellationPage } = await import("@/app/[locale]/(marketing)/cancellation/page");
const { cancellationOutcome, lateFrom } = await import("@/lib/payments/cancellation");

async function render(locale: "en" | "nl") {
  pageLocale.value = locale;
  const html = renderToStaticMarkup((await CancellationPage({ params: Promise.resolve({ locale }) })) as ReactElement);
  return new JSDOM(html).window.document;
}

const rows = (document: Document) =>
  [...document.querySelectorAll("[data-testid=cancellation-table] tbody tr")].map((row) => [...row.children].map((cell) => cell.textContent?.replace(/\s/g, " ")));

describe("/cancellation", () => {
  it("states the rule in English with the rule's own hours and amounts", async () => {
    const document = await render("en");
    expect(document.querySelectorAll("h1")).toHaveLength(1);
    expect(rows(document)).toEqual([
      ["Anyone, before the homeowner has paid", "Nothing was paid, so nothing moves: cancelling is free."],
      ["The homeowner, more than 24 hours before the agreed day", "€242.00", "€0.00"],
      ["The homeowner, less than 24 hours before the agreed day, on the day or after it", "€197.00", "€45.00"],
      ["Fixwell, on the homeowner's behalf", "€242.00", "€0.00"],
      ["Fixwell, because the handyman left Fixwell", "€242.00", "€0.00"],
      ["The handyman, after the homeowner has paid", "€242.00", "€0.00"],
    ]);
    expect(document.body.textContent).toContain("The 24 hours are counted back from midnight, Dutch time");
    expect(document.body.textContent).toContain("pays the handyman for 1 hour at their hourly price");
  });

  it("states it in Dutch", async () => {
    const document = await render("nl");
    expect(document.querySelector("h1")?.textContent).toBe("Een klus annuleren");
    expect(rows(document)[2]).toEqual(["De huiseigenaar, minder dan 24 uur voor de afgesproken dag, op de dag zelf of daarna", "€ 197,00", "€ 45,00"]);
    expect(document.body.textContent).toContain("De 24 uur tellen terug vanaf middernacht");
  });

  it("shows the late row as the rule computes it", () => {
    const late = cancellationOutcome({ by: "homeowner", paidCents: 24_200, hourlyPriceCents: 4_500, agreedDate: "2030-06-12", now: new Date(lateFrom("2030-06-12").getTime() + 1) });
    expect(late).toMatchObject({ refundCents: 19_700, feeToHandymanCents: 4_500 });
  });
});
