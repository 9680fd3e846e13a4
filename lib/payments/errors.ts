// The errors lib/payments throws. A caller turns PaymentProviderUnavailableError into "try again";
// nothing is recorded as paid, refunded or released when one is thrown.

export type PaymentRefusal =
  | "invalid-amount"
  | "already-paid"
  | "not-paid"
  | "not-found"
  | "beyond-held"
  | "already-released"
  | "transfer-in-progress"
  | "provider-refused";

/** The provider did not answer in time, answered 5xx, or could not be reached. */
export class PaymentProviderUnavailableError extends Error {
  constructor(readonly operation: string, cause?: unknown) {
    super(`the payment provider did not answer (${operation})`, { cause });
    this.name = "PaymentProviderUnavailableError";
  }
}

/** What was asked cannot be done: a bad amount, a payment in the wrong state, more than is held … */
export class PaymentRefusedError extends Error {
  constructor(readonly reason: PaymentRefusal, detail?: string) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = "PaymentRefusedError";
  }
}
