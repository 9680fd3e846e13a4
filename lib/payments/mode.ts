// Whether payments are real: the one rule, read by the provider's configuration, the start-up check, the
// layout's "test payments" notice and the status page. With MOLLIE_API_KEY the mode is live unless
// PAYMENTS_MODE=test says otherwise; without one it is test (the local stand-in).
export type PaymentsMode = "test" | "live";

export function paymentsModeOf(source: { PAYMENTS_MODE?: string; MOLLIE_API_KEY?: string }): PaymentsMode {
  if (source.PAYMENTS_MODE === "test" || source.PAYMENTS_MODE === "live") return source.PAYMENTS_MODE;
  return source.MOLLIE_API_KEY ? "live" : "test";
}

/**
 * This process's mode, read from the environment as it is (lib/env checks it at start): cheap enough for
 * every page's layout. Pages rendered by `next build` read the build's environment, as the standalone
 * server keeps the build's settings: build with the payments settings the site runs with.
 */
export function paymentsMode(): PaymentsMode {
  return paymentsModeOf({ PAYMENTS_MODE: process.env.PAYMENTS_MODE || undefined, MOLLIE_API_KEY: process.env.MOLLIE_API_KEY || undefined });
}
