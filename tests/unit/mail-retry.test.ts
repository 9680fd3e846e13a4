// The wait between mail delivery attempts doubles from the base, stops growing at the cap, and is
// spread by ±20 % so that many mails that failed together do not all retry at the same instant.
import { describe, expect, it } from "vitest";
import { DEFAULT_MAIL_RETRY, retryDelaySeconds } from "../../lib/mail/delivery-worker";

const policy = { retryBaseSeconds: 10, retryMaxSeconds: 3600 };
const middle = () => 0.5;

describe("retryDelaySeconds", () => {
  it.each([
    [1, 10],
    [2, 20],
    [3, 40],
    [9, 2560],
    [10, 3600],
    [40, 3600],
  ])("waits %i attempt(s) → %i s", (attempts, seconds) => {
    expect(retryDelaySeconds(attempts, policy, middle)).toBe(seconds);
  });

  it("spreads each wait between 80 % and 120 %", () => {
    expect(retryDelaySeconds(3, policy, () => 0)).toBeCloseTo(32);
    expect(retryDelaySeconds(3, policy, () => 0.999999)).toBeCloseTo(48);
  });

  it("keeps trying for hours by default, enough for an SMTP outage of a minute or an afternoon", () => {
    let total = 0;
    for (let attempt = 1; attempt < DEFAULT_MAIL_RETRY.maxAttempts; attempt++) total += retryDelaySeconds(attempt, DEFAULT_MAIL_RETRY, middle);
    expect(retryDelaySeconds(1, DEFAULT_MAIL_RETRY, middle)).toBeLessThanOrEqual(60);
    expect(total / 3600).toBeGreaterThan(4);
  });
});

describe("the claim on a message and the SMTP timeouts", () => {
  it("lets a send finish or fail before its claim lapses, and a lost send be retried within a minute", async () => {
    const { SMTP_TIMEOUTS_MS } = await import("../../lib/mail/transport");
    const sendMs = SMTP_TIMEOUTS_MS.connectionTimeout + SMTP_TIMEOUTS_MS.greetingTimeout + SMTP_TIMEOUTS_MS.socketTimeout;
    expect(sendMs).toBeLessThan(DEFAULT_MAIL_RETRY.claimSeconds * 1000);
    expect(DEFAULT_MAIL_RETRY.claimSeconds).toBeLessThanOrEqual(45);
  });
});
