// The handyman's payout account: Mollie's onboarding for platforms. The handyman starts it from /pro; we
// ask the provider for a client link, keep its id and a random state on the handyman's row, and send them
// to the provider. They come back to /pro with an organization id and the state; neither is trusted: the
// state must be the one we stored for this handyman, and the provider must confirm that the organization
// is a client of ours owned by the address the link was made for. Only then is it stored, and the payments
// of their confirmed jobs start to be released (lib/requests/completion.ts).
import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "../db";
import { PaymentRefusedError } from "./errors";
import { callProvider } from "./provider";

export type PayoutAccount = { connected: boolean; organizationId: string | null };

/** Where the handyman starts the onboarding: a new client link for them, its state kept on their row. */
export async function startPayoutOnboarding(handyman: { id: number; name: string; email: string }, returnUrl: string): Promise<string> {
  const state = randomBytes(24).toString("base64url");
  const link = await callProvider("create client link", (client) =>
    client.clientLinks.create({
      owner: { email: handyman.email, givenName: handyman.name, familyName: handyman.name },
      name: handyman.name,
      address: { countryCode: "NL" },
    } as never),
  );
  const db = await getDb();
  await db.handyman.update({ where: { id: handyman.id }, data: { payoutLinkId: link.id, payoutState: state } });
  const target = new URL((link as unknown as { _links: { clientLink: { href: string } } })._links.clientLink.href);
  target.searchParams.set("state", state);
  target.searchParams.set("redirect_uri", returnUrl);
  return target.toString();
}

/**
 * The return from the onboarding: connects `organizationId` to the handyman when the state is the one
 * stored for them and the provider says the organization is our client, owned by the handyman's address.
 * Anything else is refused and changes nothing. Connecting again with the same organization is a no-op.
 */
export async function finishPayoutOnboarding(handyman: { id: number; email: string }, returned: { state: string; organizationId: string }): Promise<PayoutAccount> {
  if (!/^org_\w{1,64}$/.test(returned.organizationId) || !/^[\w-]{16,64}$/.test(returned.state)) throw new PaymentRefusedError("not-found", "onboarding return");
  const db = await getDb();
  const row = await db.handyman.findFirst({ where: { id: handyman.id, payoutState: returned.state }, select: { payoutOrganizationId: true } });
  if (!row) {
    const current = await db.handyman.findUnique({ where: { id: handyman.id }, select: { payoutOrganizationId: true } });
    if (current?.payoutOrganizationId === returned.organizationId) return { connected: true, organizationId: returned.organizationId };
    throw new PaymentRefusedError("not-found", "onboarding state");
  }
  const client = await callProvider("get client", (c) => c.clients.get(returned.organizationId, { embed: ["organization"] } as never));
  const owner = (client as unknown as { _embedded?: { organization?: { id?: string; email?: string } } })._embedded?.organization;
  if (client.id !== returned.organizationId || owner?.email?.toLowerCase() !== handyman.email.toLowerCase()) {
    throw new PaymentRefusedError("provider-refused", "the organization is not this handyman's");
  }
  const { count } = await db.handyman.updateMany({
    where: { id: handyman.id, payoutState: returned.state },
    data: { payoutOrganizationId: returned.organizationId, payoutConnectedAt: new Date(), payoutState: null },
  });
  if (count !== 1) throw new PaymentRefusedError("not-found", "onboarding state");
  return { connected: true, organizationId: returned.organizationId };
}

/** Whether the handyman has connected a payout account. */
export async function getPayoutAccount(handymanId: number): Promise<PayoutAccount> {
  const db = await getDb();
  const row = await db.handyman.findUnique({ where: { id: handymanId }, select: { payoutOrganizationId: true } });
  return { connected: Boolean(row?.payoutOrganizationId), organizationId: row?.payoutOrganizationId ?? null };
}
export { PaymentRefusedError } from "./errors";
