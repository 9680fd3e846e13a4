// Whether the payment gateway works, for the system status page: "test" when payments are test payments;
// otherwise "operational" only when a provider is configured and answers (one cheap call, a short timeout),
// else "unavailable". Asked at most once a minute per server: the answer is kept that long.
import "server-only";
import { paymentsMode, type PaymentsMode } from "./mode";
import { callProvider, providerHasKey, providerMode } from "./provider";

export type GatewayState = "operational" | "test" | "unavailable";

/** How long an answer is kept, and how long the provider may take to give one. */
export const GATEWAY_CHECK_EVERY_MS = 60_000;
export const GATEWAY_CHECK_TIMEOUT_MS = 3_000;

const store = globalThis as unknown as { __fixwellGatewayCheck?: { at: number; state: Promise<GatewayState> } };

async function answers(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), GATEWAY_CHECK_TIMEOUT_MS);
  });
  const asked = callProvider("check", (client) => client.payments.page({ limit: 1 })).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The provider's mode and whether it has a key of ours; at `next build`, without the server's environment, the mode alone. */
function configured(): { mode: PaymentsMode; hasKey: boolean } {
  try {
    return { mode: providerMode(), hasKey: providerHasKey() };
  } catch {
    return { mode: paymentsMode(), hasKey: false };
  }
}

export async function paymentGatewayState(now = Date.now()): Promise<GatewayState> {
  const { mode, hasKey } = configured();
  if (mode === "test") return "test";
  if (!hasKey) return "unavailable";
  const kept = store.__fixwellGatewayCheck;
  if (kept && now - kept.at < GATEWAY_CHECK_EVERY_MS) return kept.state;
  const state = answers().then((ok): GatewayState => (ok ? "operational" : "unavailable"));
  store.__fixwellGatewayCheck = { at: now, state };
  return state;
}

/** Forgets the kept answer (tests). */
export function forgetGatewayState(): void {
  store.__fixwellGatewayCheck = undefined;
}
