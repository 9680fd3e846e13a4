// GET /api/pro/payout – the return from the provider's onboarding: connects the payout organization it names
// when the provider confirms it is this handyman's (lib/payments/payouts.ts), then back to /pro with a notice
import { handymanRoute } from "@/lib/handymen/access";
import { getHandymanForUserOrThrow } from "@/lib/handymen/queries";
import { withNotice } from "@/lib/notices";
import { finishPayoutOnboarding, PaymentRefusedError } from "@/lib/payments/payouts";

const back = (notice: "payout-connected" | "payout-refused" | "payout-failed") => new Response(null, { status: 303, headers: { location: withNotice("/pro", notice) } });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = handymanRoute({
  GET: async ({ req, user }) => {
    const query = new URL(req.url).searchParams;
    const handyman = await getHandymanForUserOrThrow(user);
    try {
      await finishPayoutOnboarding({ id: handyman.id, email: user.email }, { state: query.get("state") ?? "", organizationId: query.get("organizationId") ?? "" });
    } catch (error) {
      return back(error instanceof PaymentRefusedError ? "payout-refused" : "payout-failed");
    }
    return back("payout-connected");
  },
});
