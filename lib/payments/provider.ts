// The one door to the payment provider: Mollie's own client (@mollie/api-client), configured from the
// environment, every call bounded by a timeout and its failures sorted into "unavailable" (try again) and
// "refused". With a key the endpoint is Mollie's own; without one, the local stand-in (lib/payments/stand-in).
import "server-only";
import https from "node:https";
import http from "node:http";
import createMollieClient, { MollieApiError as ApiError } from "@mollie/api-client";
import { env } from "../env";
import { PaymentProviderUnavailableError, PaymentRefusedError } from "./errors";
import { paymentsModeOf, type PaymentsMode } from "./mode";

export type { PaymentsMode } from "./mode";
export type MollieClient = ReturnType<typeof createMollieClient>;

export type ProviderConfig = {
  apiKey: string;
  /** Mollie's API unless set (the stand-in's `…/v2/`). */
  apiEndpoint?: string;
  mode: PaymentsMode;
  timeoutMs: number;
};

/** The key the stand-in accepts; it never reaches Mollie. */
const STAND_IN_KEY = "test_fixwellstandinkey000000000000";

export function configFromEnv(): ProviderConfig {
  const { MOLLIE_API_KEY, MOLLIE_API_ENDPOINT, PAYMENTS_MODE, PAYMENTS_TIMEOUT_MS } = env();
  return {
    apiKey: MOLLIE_API_KEY ?? STAND_IN_KEY,
    apiEndpoint: MOLLIE_API_ENDPOINT,
    mode: paymentsModeOf({ PAYMENTS_MODE, MOLLIE_API_KEY }),
    timeoutMs: PAYMENTS_TIMEOUT_MS,
  };
}

const store = globalThis as unknown as { __fixwellPaymentProvider?: { config: ProviderConfig; client: MollieClient } };

/**
 * The client leaves its requests to an https.Agent made with Mollie's certificate authorities, which cannot
 * speak plain HTTP. The stand-in is local and plain HTTP, so for an http:// endpoint (never Mollie's) the
 * client is built while https.Agent is a plain HTTP agent: the swap lasts the synchronous construction only.
 */
function createClient(config: ProviderConfig): MollieClient {
  const options = { apiKey: config.apiKey, ...(config.apiEndpoint ? { apiEndpoint: config.apiEndpoint } : {}) };
  if (!config.apiEndpoint?.startsWith("http:")) return createMollieClient(options);
  const mutable = https as unknown as { Agent: unknown };
  const original = mutable.Agent;
  mutable.Agent = class PlainAgent extends http.Agent {
    constructor() {
      super({ keepAlive: true });
    }
  };
  try {
    return createMollieClient(options);
  } finally {
    mutable.Agent = original;
  }
}

/** Points lib/payments at a provider (the environment's unless told otherwise, e.g. a test's stand-in). */
export function connectProvider(config: ProviderConfig = configFromEnv()): void {
  store.__fixwellPaymentProvider = { config, client: createClient(config) };
}

function provider(): { config: ProviderConfig; client: MollieClient } {
  if (!store.__fixwellPaymentProvider) connectProvider();
  return store.__fixwellPaymentProvider!;
}

/** Whether a real provider is configured (a key of our own), rather than the stand-in's key. */
export function providerHasKey(): boolean {
  return provider().config.apiKey !== STAND_IN_KEY;
}

export function providerMode(): PaymentsMode {
  return provider().config.mode;
}

/**
 * Runs one call to the provider, bounded by the configured timeout. A timeout, a network failure or a 5xx
 * becomes PaymentProviderUnavailableError; a 404 becomes PaymentRefusedError("not-found") and any other 4xx
 * PaymentRefusedError("provider-refused").
 */
export async function callProvider<T>(operation: string, call: (client: MollieClient) => Promise<T>): Promise<T> {
  const { client, config } = provider();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PaymentProviderUnavailableError(`${operation}: no answer within ${config.timeoutMs} ms`)), config.timeoutMs);
  });
  const attempt = call(client);
  attempt.catch(() => undefined);
  try {
    return await Promise.race([attempt, timeout]);
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError) throw error;
    if (error instanceof ApiError && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      if (error.statusCode === 404) throw new PaymentRefusedError("not-found", error.message);
      throw new PaymentRefusedError("provider-refused", error.message);
    }
    throw new PaymentProviderUnavailableError(operation, error);
  } finally {
    clearTimeout(timer);
  }
}
