// The commission notice against a real database: while the start day is ahead, every handyman with an
// account is mailed it once, in their language, through the outbox, however often the sweep runs; a new
// start day gets its own notice; nobody is mailed once the day has come, nor handymen without an account
// or with an erased profile, nor anyone when the commission is nothing.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, resetDatabase } from "../helpers/db";
import { createSignedInHandyman } from "../helpers/marketplace";

const { announceCommission } = await import("@/lib/payments/commission-notice");

const rule = (from: string, percent = 10) => ({ percent, from: new Date(`${from}T00:00:00.000Z`) });
const NOW = new Date("2027-01-15T09:00:00.000Z");
const mailsTo = async (to: string) => (await getDb()).outboxMessage.findMany({ where: { recipient: to }, select: { subject: true, text: true } });

beforeEach(async () => {
  await resetDatabase();
  vi.spyOn(console, "info").mockImplementation(() => {});
});

describe("the commission notice", () => {
  it("mails each handyman with an account the start day once, in their language, however often it runs", async () => {
    const nina = await createSignedInHandyman(18);
    const sven = await createSignedInHandyman(16);
    await (await getDb()).user.update({ where: { id: sven.id }, data: { locale: "nl" } });

    expect((await announceCommission(NOW, rule("2027-03-01", 12.5))).sort()).toEqual([16, 18]);
    expect(await announceCommission(NOW, rule("2027-03-01", 12.5))).toEqual([]);

    const [english] = await mailsTo(nina.email);
    expect(english.subject).toBe("Fixwell will keep a commission from 1 March 2027");
    expect(english.text).toContain("12.5% of the labour of each job");
    expect(english.text).toContain("Quotes you send before 1 March 2027 carry no commission");
    const [dutch] = await mailsTo(sven.email);
    expect(dutch.subject).toBe("Fixwell rekent vanaf 1 maart 2027 commissie");
    expect(dutch.text).toContain("12,5%");
    expect((await mailsTo(nina.email)).length).toBe(1);
  });

  it("mails a new start day again, and nothing once the day has come or when the commission is nothing", async () => {
    const nina = await createSignedInHandyman(18);
    expect(await announceCommission(NOW, rule("2027-03-01"))).toEqual([18]);
    expect(await announceCommission(NOW, rule("2027-04-01"))).toEqual([18]);
    expect(await announceCommission(new Date("2027-04-01T00:00:00.000Z"), rule("2027-04-01"))).toEqual([]);
    expect(await announceCommission(NOW, rule("2027-05-01", 0))).toEqual([]);
    expect((await mailsTo(nina.email)).map((m) => m.subject)).toEqual([
      "Fixwell will keep a commission from 1 March 2027",
      "Fixwell will keep a commission from 1 April 2027",
    ]);
  });

  it("mails no handyman without an account (the sample market's) or with an erased profile", async () => {
    const erased = await createSignedInHandyman(18);
    await (await getDb()).handyman.update({ where: { id: erased.handymanId }, data: { removedAt: new Date() } });
    expect(await announceCommission(NOW, rule("2027-03-01"))).toEqual([]);
    expect(await (await getDb()).outboxMessage.count()).toBe(0);
  });
});
