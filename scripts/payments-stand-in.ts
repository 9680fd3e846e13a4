// Runs the Mollie stand-in (lib/payments/stand-in) on its own: `tsx scripts/payments-stand-in.ts [port]`.
// Point MOLLIE_API_ENDPOINT at the printed address and set PAYMENTS_MODE=test. Test payments only.
import { startMollieStandIn } from "../lib/payments/stand-in/server";

async function main() {
  const port = Number(process.argv[2] ?? process.env.MOLLIE_STAND_IN_PORT ?? 4455);
  const standIn = await startMollieStandIn({ port, host: process.env.MOLLIE_STAND_IN_HOST ?? "127.0.0.1" });
  console.info(`Mollie stand-in (test payments) at ${standIn.apiEndpoint}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void standIn.close().then(() => process.exit(0)));
  }
}

main().catch((error: unknown) => {
  console.error(`payments stand-in: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
