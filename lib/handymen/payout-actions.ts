"use server";
// The handyman's "Connect your payout account" on /pro: asks lib/payments for an onboarding link and sends
// the browser to the provider, which brings it back to /api/pro/payout (app/api/pro/payout/route.ts).
import { redirect } from "next/navigation";
import { requireUser } from "../auth/current-user";
import { startPayoutOnboarding } from "../payments/payouts";
import { getSiteOrigin } from "../site/site-origin";
import { withNotice } from "../notices";
import { getHandymanForUserOrThrow } from "./queries";

export async function connectPayoutAction(): Promise<void> {
  const user = await requireUser();
  const handyman = await getHandymanForUserOrThrow(user);
  let onboarding: string;
  try {
    onboarding = await startPayoutOnboarding({ id: handyman.id, name: handyman.name, email: user.email }, `${await getSiteOrigin()}/api/pro/payout`);
  } catch {
    // The provider did not answer or refused: nothing was stored; the page says to try again.
    redirect(withNotice("/pro", "payout-failed"));
  }
  redirect(onboarding);
}
