// Paying an accepted quote: the one place that hands a quote to lib/payments, with where the provider sends
// the payer back (the order page, in the page's language) and where it posts its webhook. Both addresses
// are made from the configured site origin (NEXTAUTH_URL), never from what a request's headers say.
import "server-only";
import type { Locale } from "../format";
import { localizedPath } from "../i18n/paths";
import { paymentOfQuote, PaymentProviderUnavailableError, PaymentRefusedError, startPayment } from "../payments";
import { ApiError } from "../api/errors";
import { configuredSiteOrigin } from "../site/site-origin";
import type { AcceptedQuote } from "./quotes";

/** The order page of a request in `locale`, without its origin. */
export const orderPath = (requestId: string, locale: Locale) => localizedPath(locale, `/dashboard/orders/${encodeURIComponent(requestId)}`);

/**
 * Starts (or resumes: two tabs pay once) the payment of an accepted quote and returns the checkout's
 * address; null when the provider could not be asked (the homeowner is told to try again and nothing is
 * paid). A quote already paid is a 409.
 */
export async function checkoutOf(accepted: AcceptedQuote, locale: Locale): Promise<string | null> {
  const origin = configuredSiteOrigin();
  try {
    // An open payment whose checkout already failed (its webhook not here yet) is asked about first, so
    // paying again starts a new attempt instead of leading back to a finished checkout.
    await paymentOfQuote(accepted.quoteId);
    const { checkoutUrl } = await startPayment({
      ...accepted,
      redirectUrl: `${origin}${orderPath(accepted.requestId, locale)}`,
      webhookUrl: `${origin}/api/payments/webhook`,
    });
    return checkoutUrl;
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError) return null;
    if (error instanceof PaymentRefusedError && error.reason === "already-paid") throw new ApiError("conflict", { key: "payment.alreadyPaid" });
    throw error;
  }
}
