// /pro's payments card: the commission rule, and whether the handyman's payout account is connected; until
// it is, why the payment of their jobs waits, and the button that starts the provider's onboarding.
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/locales";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { connectPayoutAction } from "@/lib/handymen/payout-actions";
import { commissionWords } from "@/lib/payments/commission";
import { getPayoutAccount } from "@/lib/payments/payouts";

export async function PayoutCard({ handymanId, locale }: { handymanId: number; locale: Locale }) {
  const [t, account] = await Promise.all([getTranslations({ locale, namespace: "job.payout" }), getPayoutAccount(handymanId)]);
  return (
    <Card as="section" aria-labelledby="payout-heading">
      <h2 id="payout-heading">{t("heading")}</h2>
      <p>{t("commission", commissionWords(locale))}</p>
      {account.connected ? (
        <p data-testid="payout-status">{t("connected")}</p>
      ) : (
        <form action={connectPayoutAction}>
          <p data-testid="payout-status">{t("notConnected")}</p>
          <Button type="submit">{t("connect")}</Button>
        </form>
      )}
    </Card>
  );
}
