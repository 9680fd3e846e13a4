// What a request's step sets going once its transaction has committed: the mail it queued is handed to
// the worker at once, and every new offer gets its expiry job. Neither is needed for correctness (the
// outbox sweep and the expired-offer sweep find anything missed), but they make both happen on time.
import "server-only";
import { nudgeMailDelivery, scheduleOfferExpiry } from "../jobs";

export class AfterCommit {
  private readonly mailIds: string[] = [];
  private readonly offers: { id: string; expiresAt: Date }[] = [];

  mail(id: string): void {
    this.mailIds.push(id);
  }

  offer(offer: { id: string; expiresAt: Date }): void {
    this.offers.push(offer);
  }

  async run(): Promise<void> {
    await nudgeMailDelivery(this.mailIds);
    for (const offer of this.offers) await scheduleOfferExpiry(offer.id, offer.expiresAt);
  }
}
