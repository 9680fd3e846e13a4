// The stand-in beside a server: when payments are test payments and nothing names a provider (no
// MOLLIE_API_KEY, no MOLLIE_API_ENDPOINT), `npm run dev`, `npm start` with PAYMENTS_MODE=test and the
// standalone server start the Mollie stand-in in their own process, the way the embedded database needs
// nothing else, and point MOLLIE_API_ENDPOINT at it before anything reads the environment. A cluster starts
// one for all its instances (scripts/start-cluster.ts) and hands them its address, so they start none.
import { paymentsModeOf } from "../mode";
import { startMollieStandIn, type MollieStandIn } from "./server";

const store = globalThis as unknown as { __fixwellStandIn?: Promise<MollieStandIn | undefined> };

/** Whether `source` asks for a stand-in: test payments and no provider named. */
export function needsStandIn(source: NodeJS.ProcessEnv): boolean {
  return !source.MOLLIE_API_KEY && !source.MOLLIE_API_ENDPOINT && paymentsModeOf({ PAYMENTS_MODE: source.PAYMENTS_MODE || undefined }) === "test";
}

/**
 * Starts the stand-in when `source` asks for one (once per process) and sets its MOLLIE_API_ENDPOINT;
 * MOLLIE_STAND_IN_PORT picks its port (a free one by default). Returns it, or undefined when none is needed.
 */
export function startStandInBeside(source: NodeJS.ProcessEnv = process.env): Promise<MollieStandIn | undefined> {
  if (store.__fixwellStandIn) return store.__fixwellStandIn;
  if (!needsStandIn(source)) return Promise.resolve(undefined);
  store.__fixwellStandIn = startMollieStandIn({ port: Number(source.MOLLIE_STAND_IN_PORT) || 0 }).then((standIn) => {
    source.MOLLIE_API_ENDPOINT = standIn.apiEndpoint;
    source.PAYMENTS_MODE = "test";
    console.info(`[payments] test payments: the Mollie stand-in listens at ${standIn.url}`);
    return standIn;
  });
  return store.__fixwellStandIn;
}
