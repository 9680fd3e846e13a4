// The system status page's payment gateway, through the real @mollie/api-client against the stand-in:
// "Test payments" in test mode; with a key of our own "Operational" only while the provider answers, else
// "Unavailable"; the answer is kept a minute, so the page asks the provider at most once a minute.
import { JSDOM } from "jsdom";
import type { ReactNode } from "react";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("next-intl/server", async (original) => ({
  ...(await original<typeof import("next-intl/server")>()),
  setRequestLocale: () => {},
  getTranslations: async ({ locale, namespace: full }: { locale: string; namespace: string }) => {
    const { getTranslator } = await import("@/lib/i18n/translator");
    const [namespace, ...within] = full.split(".");
    const t = getTranslator(locale as "en", namespace as never) as unknown as ((key: string, values?: object) => string) & { rich: (key: string, values?: object) => ReactNode };
    const at = (key: string) => [...within, key].join(".");
    return Object.assign((key: string, values?: object) => t(at(key), values), { rich: (key: string, values?: object) => t.rich(at(key), values) });
  },
}));

import { startMollieStandIn, type MollieStandIn } from "../../lib/payments/stand-in/server";
import { connectProvider } from "../../lib/payments/provider";
import { forgetGatewayState, GATEWAY_CHECK_EVERY_MS, paymentGatewayState } from "../../lib/payments/health";

const { default: SystemStatusPage } = await import("@/app/[locale]/(marketing)/system-status/page");
const { renderToStaticMarkup } = await import("react-dom/server");

let standIn: MollieStandIn;
const connect = (mode: "test" | "live", apiKey: string) => connectProvider({ apiKey, apiEndpoint: standIn.apiEndpoint, mode, timeoutMs: 1_000 });
const LIVE_KEY = "live_abcdefghijklmnopqrstuvwxyz0123";

/** The page's payment gateway row: its name and its state's words. */
async function gatewayRow(locale: "en" | "nl" = "en"): Promise<string> {
  const tree = await SystemStatusPage({ params: Promise.resolve({ locale }) } as never);
  const page = new JSDOM(renderToStaticMarkup(tree)).window.document;
  const row = [...page.querySelectorAll("li")].find((item) => /Payment Gateway|Online betalen/.test(item.textContent ?? ""));
  return `${row?.querySelector("h2")?.textContent}: ${row?.querySelector("span")?.textContent}`;
}

beforeAll(async () => {
  standIn = await startMollieStandIn();
});

afterAll(async () => {
  await standIn.close();
});

beforeEach(() => {
  forgetGatewayState();
  standIn.controls.down = false;
});

describe("the payment gateway on the system status page", () => {
  it("says test payments in test mode, in both languages, without asking the provider", async () => {
    connect("test", "test_fixwellstandinkey000000000000");
    const calls = standIn.calls.length;
    expect(await gatewayRow()).toBe("Payment Gateway: Test payments");
    expect(await gatewayRow("nl")).toBe("Online betalen: Testbetalingen");
    expect(standIn.calls.length).toBe(calls);
  });

  it("is operational with a key while the provider answers, and unavailable when it does not", async () => {
    connect("live", LIVE_KEY);
    expect(await gatewayRow()).toBe("Payment Gateway: Operational");
    forgetGatewayState();
    standIn.controls.down = true;
    expect(await gatewayRow()).toBe("Payment Gateway: Unavailable");
    expect(await gatewayRow("nl")).toBe("Online betalen: Niet beschikbaar");
  });

  it("asks the provider at most once a minute", async () => {
    connect("live", LIVE_KEY);
    const now = Date.now();
    const calls = standIn.calls.length;
    expect(await paymentGatewayState(now)).toBe("operational");
    standIn.controls.down = true;
    expect(await paymentGatewayState(now + GATEWAY_CHECK_EVERY_MS - 1)).toBe("operational");
    expect(standIn.calls.length - calls).toBe(1);
    expect(await paymentGatewayState(now + GATEWAY_CHECK_EVERY_MS)).toBe("unavailable");
  });

  it("is unavailable in live mode without a key of our own", async () => {
    connect("live", "test_fixwellstandinkey000000000000");
    const calls = standIn.calls.length;
    expect(await paymentGatewayState()).toBe("unavailable");
    expect(standIn.calls.length).toBe(calls);
  });
});
