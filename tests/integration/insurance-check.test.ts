// The daily insurance check against a real database: a handyman whose liability insurance ran until
// yesterday (Europe/Amsterdam) is paused on the day after, not before; each handyman is mailed once, a
// week before the date, in their language, through the outbox, however often the check runs; a new end
// date gets its own reminder; nobody without an account or with an erased profile is mailed.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, resetDatabase } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest } from "../helpers/marketplace";
import { amsterdamDay, createSignedInUser } from "../helpers/session";

const { checkInsurance, REMINDER_DAYS_BEFORE } = await import("@/lib/handymen/profile-insurance");
const { insuranceCheckHandlers } = await import("@/lib/handymen/profile-insurance-worker");
const { rankCandidates } = await import("@/lib/handymen/ranking");
const { listCandidates } = await import("@/lib/handymen/queries");

/** Noon in Amsterdam on `isoDate` (a moment that is that day there in any season). */
const noonOn = (isoDate: string) => new Date(`${isoDate}T10:00:00.000Z`);
const day = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);

async function setInsurance(handymanId: number, until: string | null) {
  await (await getDb()).handyman.update({ where: { id: handymanId }, data: { insuredUntil: until ? day(until) : null } });
}

const available = async (handymanId: number) => (await (await getDb()).handyman.findUniqueOrThrow({ where: { id: handymanId }, select: { available: true } })).available;
const mailsTo = async (to: string) => (await getDb()).outboxMessage.findMany({ where: { recipient: to }, select: { subject: true, text: true } });

beforeEach(async () => {
  await resetDatabase();
  vi.spyOn(console, "info").mockImplementation(() => {});
});

describe("pausing on the date", () => {
  it("keeps a handyman available on the last insured day and pauses them on the day after (Amsterdam time)", async () => {
    await setInsurance(1, "2027-03-31");
    expect((await checkInsurance(noonOn("2027-03-31"))).paused).toEqual([]);
    expect(await available(1)).toBe(true);
    // 23:30 UTC on 31 March is already 1 April in Amsterdam.
    expect((await checkInsurance(new Date("2027-03-31T23:30:00.000Z"))).paused).toEqual([1]);
    expect(await available(1)).toBe(false);
    expect((await checkInsurance(noonOn("2027-04-01"))).paused).toEqual([]);
  });

  it("leaves handymen without an end date, or insured past today, as they are", async () => {
    await setInsurance(2, "2027-05-01");
    await checkInsurance(noonOn("2027-04-01"));
    const db = await getDb();
    expect(await db.handyman.count({ where: { available: false } })).toBe(await db.handyman.count({ where: { available: false, insuredUntil: null } }));
    expect(await available(2)).toBe(true);
  });
});

describe("out of the market under every criterion", () => {
  const LEAK = { city: "Rotterdam", taskType: "Pipe-leakage" } as const;
  const NINA = 18; // the cheapest plumber in Rotterdam: first under "price"
  const ranked = async (criterion: "price" | "rated" | "available", date: string) =>
    (await rankCandidates(await getDb(), { ...LEAK, date, criterion })).top.map((h) => h.id);

  it("offers a handyman whose insurance lapsed nothing, by price, rating or availability, until a new end date is entered", async () => {
    const date = amsterdamDay(3);
    expect((await ranked("price", date))[0]).toBe(NINA);
    expect(await ranked("rated", date)).toContain(NINA);
    await setInsurance(NINA, amsterdamDay(-1));
    await checkInsurance();
    for (const criterion of ["price", "rated", "available"] as const) expect(await ranked(criterion, date)).not.toContain(NINA);
    expect((await listCandidates(await getDb(), { ...LEAK, date })).map((h) => h.id)).not.toContain(NINA);
    // A request made now goes to the next one by price.
    const owner = await createSignedInUser();
    const id = await submitRequest(owner, { ...LEAK, date });
    expect((await chooseCriterion(owner, id, "price", LEAK)).status).toBe(200);
    expect((await openOfferOf(id)).handymanId).not.toBe(NINA);

    // A new end date brings them back under "price" and "rated" (under "available" once they switch the pause off).
    await setInsurance(NINA, amsterdamDay(200));
    expect((await ranked("price", date))[0]).toBe(NINA);
    expect(await ranked("rated", date)).toContain(NINA);
  });

  it("offers nobody a day their insurance does not cover, and the handymen without a date as the spec's rule does", async () => {
    await setInsurance(NINA, amsterdamDay(5));
    expect((await ranked("price", amsterdamDay(5)))[0]).toBe(NINA);
    expect(await ranked("price", amsterdamDay(6))).not.toContain(NINA);
    const withoutDates = await ranked("rated", amsterdamDay(6));
    await setInsurance(NINA, null);
    expect((await ranked("rated", amsterdamDay(6))).filter((id) => id !== NINA)).toEqual(withoutDates);
  });
});

describe("the reminder a week before", () => {
  it("mails once, a week before, in the handyman's language, however often the check runs", async () => {
    const nina = await createSignedInHandyman(18, "nina@example.test");
    await (await getDb()).user.update({ where: { id: nina.id }, data: { locale: "nl" } });
    await setInsurance(18, "2027-04-08");
    expect((await checkInsurance(noonOn("2027-03-31"))).reminded).toEqual([]);
    expect(await mailsTo("nina@example.test")).toHaveLength(0);
    expect((await checkInsurance(noonOn("2027-04-01"))).reminded).toEqual([18]);
    await Promise.all([checkInsurance(noonOn("2027-04-01")), checkInsurance(noonOn("2027-04-02"))]);
    const mails = await mailsTo("nina@example.test");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Je verzekering bij Fixwell loopt af op 8 april 2027");
    expect(mails[0].text).toContain("/nl/pro/profile");
  });

  it("still mails a handyman whose date is less than a week away when the check first sees it, in English by default", async () => {
    await createSignedInHandyman(1, "daan@example.test");
    await setInsurance(1, "2027-04-03");
    expect((await checkInsurance(noonOn("2027-04-01"))).reminded).toEqual([1]);
    const [mail] = await mailsTo("daan@example.test");
    expect(mail.subject).toBe("Your insurance on Fixwell runs out on 3 April 2027");
    expect(mail.text).toContain("paused");
    expect(REMINDER_DAYS_BEFORE).toBe(7);
  });

  it("reminds again for a new end date", async () => {
    await createSignedInHandyman(1, "daan@example.test");
    await setInsurance(1, "2027-04-08");
    await checkInsurance(noonOn("2027-04-01"));
    await setInsurance(1, "2028-04-08");
    await checkInsurance(noonOn("2028-04-01"));
    await checkInsurance(noonOn("2028-04-02"));
    expect(await mailsTo("daan@example.test")).toHaveLength(2);
  });

  it("mails nobody without an account or whose profile was removed", async () => {
    await setInsurance(3, "2027-04-08");
    const erased = await createSignedInHandyman(4, "gone@example.test");
    await (await getDb()).handyman.update({ where: { id: erased.handymanId }, data: { removedAt: new Date() } });
    await setInsurance(4, "2027-04-08");
    expect((await checkInsurance(noonOn("2027-04-01"))).reminded).toEqual([]);
    expect(await (await getDb()).outboxMessage.count()).toBe(0);
  });
});

describe("the worker", () => {
  it("schedules the check every day and runs it once when it starts", async () => {
    await setInsurance(5, "2020-01-01");
    const calls: string[] = [];
    const boss = {
      createQueue: async (name: string) => void calls.push(`create ${name}`),
      updateQueue: async () => {},
      work: async (name: string) => void calls.push(`work ${name}`),
      schedule: async (name: string, cron: string) => void calls.push(`schedule ${name} ${cron}`),
    };
    await insuranceCheckHandlers().start(boss as never, { pollingIntervalSeconds: 1 } as never);
    expect(calls).toEqual(["create insurance-check", "work insurance-check", "schedule insurance-check 5 23 * * *"]);
    expect(await available(5)).toBe(false);
  });
});
