// A handyman's public profile, /pros/{slug}, against a real database: every sample handyman has one
// (200, in the sitemap), a suspended or erased handyman's answers 410 with a page saying so, an unknown
// or malformed slug 404 (the malformed one without asking the database). The page shows the facts and
// the reviews (newest first, a page at a time, each marked as a customer's after a booked job) in the
// page's language, and never a number or a contact detail.
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { NextRequest } from "next/server";
import { JSDOM } from "jsdom";
import type { ReactElement } from "react";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

const build = await vi.hoisted(async () => {
  const { mkdtempSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const distDir = mkdtempSync(path.join(tmpdir(), "fixwell-proxy-build-"));
  writeFileSync(path.join(distDir, "prerender-manifest.json"), JSON.stringify({ preview: { previewModeId: "test-draft-mode-id" } }));
  const before = process.env.NEXT_DIST_DIR;
  process.env.NEXT_DIST_DIR = distDir;
  return { distDir, before };
});

afterAll(() => {
  if (build.before === undefined) delete process.env.NEXT_DIST_DIR;
  else process.env.NEXT_DIST_DIR = build.before;
  rmSync(build.distDir, { recursive: true, force: true });
});

import "../helpers/server-action";
import { getDb, resetDatabase } from "../helpers/db";
import { createUserWithPassword } from "../helpers/session";

const { proxy } = await import("../../proxy");
const { default: ProfilePage, generateMetadata } = await import("@/app/[locale]/(marketing)/pros/[slug]/page");
const { routeHandlerGet, sitemapUrls } = await import("../helpers/sitemap");
const { deleteAccount } = await import("@/lib/account/delete");
const { REVIEWS_PER_PAGE } = await import("@/lib/handymen/profile");
const { renderToStaticMarkup } = await import("react-dom/server");
const { taskTypeLabel } = await import("@/lib/requests/words");

const visit = (path: string) => proxy(new NextRequest(`http://localhost:3000${path}`));

async function render(slug: string, locale = "en", search: Record<string, string> = {}): Promise<string> {
  const element = await ProfilePage({ params: Promise.resolve({ locale, slug }), searchParams: Promise.resolve(search) });
  return `<!DOCTYPE html><html><body>${renderToStaticMarkup(element as ReactElement)}</body></html>`;
}

const textOf = (html: string) => new JSDOM(html).window.document.body.textContent ?? "";

/** A done job of handyman `handymanId` with a review, `minutesAgo` old. */
async function addReview(handymanId: number, stars: number, text: string, minutesAgo: number): Promise<void> {
  const db = await getDb();
  const owner = await db.user.create({ data: { email: `owner-${randomUUID()}@example.test`, passwordHash: "!" }, select: { id: true } });
  const handyman = await db.handyman.findUniqueOrThrow({ where: { id: handymanId }, select: { cities: true, taskTypes: true } });
  const request = await db.repairRequest.create({
    data: { id: randomUUID(), userId: owner.id, taskType: handyman.taskTypes[0], city: handyman.cities[0], date: new Date("2026-01-10T00:00:00Z"), details: "", criterion: "price", state: "reviewed" },
    select: { id: true },
  });
  await db.review.create({ data: { requestId: request.id, handymanId, stars, text, createdAt: new Date(Date.now() - minutesAgo * 60_000) } });
}

beforeEach(async () => {
  await resetDatabase();
  vi.spyOn(console, "info").mockImplementation(() => {});
});

describe("the status of a profile's page", () => {
  it("lets every sample handyman's profile through as it is (200), in English and Dutch", async () => {
    const rows = await (await getDb()).handyman.findMany({ select: { slug: true } });
    expect(rows).toHaveLength(39);
    for (const { slug } of rows) {
      expect((await visit(`/pros/${slug}`)).status, slug).toBe(200);
    }
    expect((await visit("/nl/pros/daan-1")).status).toBe(200);
  });

  it("answers 410 for a suspended handyman's profile and 404 for an unknown slug", async () => {
    await (await getDb()).handyman.update({ where: { id: 1 }, data: { suspended: true } });
    expect((await visit("/pros/daan-1")).status).toBe(410);
    expect((await visit("/nl/pros/daan-1")).status).toBe(410);
    expect((await visit("/pros/nobody-999")).status).toBe(404);
  });

  it.each([
    ["upper case", "/pros/Daan-1"],
    ["a trailing dash", "/pros/daan-1-"],
    ["encoded path characters", "/pros/..%2F..%2Fetc%2Fpasswd"],
    ["SQL", `/pros/${encodeURIComponent("' OR '1'='1")}`],
    ["10,000 characters", `/pros/${"a".repeat(10_000)}`],
  ])("answers 404 for a slug with %s without asking the database", async (_case, path) => {
    const db = await getDb();
    const find = vi.spyOn(db.handyman, "findUnique");
    expect((await visit(path)).status).toBe(404);
    expect(find).not.toHaveBeenCalled();
    find.mockRestore();
  });

  it("answers 410 once the handyman's account is erased", async () => {
    const password = "Quiet-harbour-lantern-42";
    const user = await createUserWithPassword(`pro-${randomUUID()}@example.test`, password);
    const db = await getDb();
    await db.user.update({ where: { id: user.id }, data: { role: "handyman" } });
    await db.handyman.update({ where: { id: 18 }, data: { userId: user.id } });
    expect((await deleteAccount(user.id, password)).kind).toBe("deleted");
    const row = await db.handyman.findUniqueOrThrow({ where: { id: 18 }, select: { removedAt: true, userId: true } });
    expect(row.removedAt).toBeInstanceOf(Date);
    expect(row.userId).toBeNull();
    // Its address is no longer made of the name; the old one still says the profile is gone.
    for (const slug of ["removed-18", "nina-18"]) {
      expect((await visit(`/pros/${slug}`)).status).toBe(410);
      expect(textOf(await render(slug))).toContain("This profile is no longer on Fixwell");
    }
    expect((await visit("/pros/nina-19")).status).toBe(404);
  });
});

describe("the profile page", () => {
  it("shows name, trades, cities, price with VAT, rating with reviews, member since and the checks", async () => {
    const db = await getDb();
    await db.handyman.update({ where: { id: 1 }, data: { kvkRegistered: true, insuredUntil: new Date("2027-03-31T00:00:00Z"), intro: "Electrician since 2009.\nTidy work." } });
    await addReview(1, 5, "Fixed our outlet in ten minutes.", 5);
    const text = textOf(await render("daan-1"));
    expect(text).toContain("Daan");
    expect(text).toContain(taskTypeLabel("Outlet-replacement"));
    expect(text).toContain("Amsterdam");
    expect(text).toContain("€48.00 per hour, VAT included");
    expect(text).toMatch(/out of 5 from 1 review/);
    expect(text).toContain("Member since");
    expect(text).toContain("Registered with the Chamber of Commerce");
    expect(text).toContain("Insured until 31 March 2027");
    expect(text).toContain("Electrician since 2009.");
    expect(text).toContain("Fixed our outlet in ten minutes.");
    expect(text).toContain("Written by a customer after a booked job");
  });

  it("shows how many of the jobs accepted the handyman cancelled, in both languages, only once there is one", async () => {
    const db = await getDb();
    await db.handyman.update({ where: { id: 1 }, data: { jobsAccepted: 23, jobsCancelled: 0 } });
    expect(textOf(await render("daan-1"))).not.toContain("Reliability");
    await db.handyman.update({ where: { id: 1 }, data: { jobsAccepted: 23, jobsCancelled: 1 } });
    const html = await render("daan-1");
    expect(textOf(html)).toContain("Cancelled 1 of 23 jobs after accepting");
    expect(html).toContain('href="/how-we-rank#reliability"');
    expect(textOf(await render("daan-1", "nl"))).toContain("1 van 23 klussen na aannemen geannuleerd");
  });

  it("hides contact details in the introduction however they are written, in both languages, and keeps them as written for the handyman", async () => {
    const db = await getDb();
    const intro = "Tidy work since 2009, 45 euro an hour. Call \u200b０６\u200b１２３４５６７８ or mail daan (at) example (dot) nl.";
    await db.handyman.update({ where: { id: 1 }, data: { intro } });
    const english = textOf(await render("daan-1"));
    expect(english).toContain("Tidy work since 2009, 45 euro an hour. Call \u200b[contact details hidden: ask through the site] or mail [contact details hidden: ask through the site].");
    expect(english).not.toMatch(/example|１２３/);
    const dutch = textOf(await render("daan-1", "nl"));
    expect(dutch).toContain("Call \u200b[contactgegevens verborgen: vraag het via de site] or mail [contactgegevens verborgen: vraag het via de site].");
    expect((await db.handyman.findUniqueOrThrow({ where: { id: 1 }, select: { intro: true } })).intro).toBe(intro);
  });

  it("is in Dutch under /nl, with Dutch dates and prices", async () => {
    await (await getDb()).handyman.update({ where: { id: 1 }, data: { kvkRegistered: true, insuredUntil: new Date("2027-03-31T00:00:00Z") } });
    const text = textOf(await render("daan-1", "nl"));
    expect(text).toMatch(/€\s48,00 per uur, inclusief btw/);
    expect(text).toContain("Verzekerd tot 31 maart 2027");
    expect(text).toContain("Ingeschreven bij de Kamer van Koophandel");
  });

  it('shows "new" for a handyman without a rating, and leaves out what is not known', async () => {
    await (await getDb()).handyman.update({ where: { id: 2 }, data: { rating: null, baseRating: null } });
    const slug = (await (await getDb()).handyman.findUniqueOrThrow({ where: { id: 2 }, select: { slug: true } })).slug;
    const text = textOf(await render(slug));
    expect(text).toContain("New: no reviews yet");
    expect(text).not.toContain("Insured until");
    expect(text).not.toContain("Chamber of Commerce");
  });

  it("never shows the account's address, a phone number or a KvK number", async () => {
    const db = await getDb();
    const email = `daan-${randomUUID()}@example.test`;
    const user = await db.user.create({ data: { email, passwordHash: "!", role: "handyman" }, select: { id: true } });
    await db.handyman.update({ where: { id: 1 }, data: { userId: user.id, kvkRegistered: true } });
    await db.handymanApplication.create({
      data: {
        userId: user.id,
        name: "Daan",
        phone: "+31612345678",
        cities: ["Amsterdam"],
        taskTypes: ["Outlet_replacement"],
        hourlyPriceCents: 4800,
        kvkNumber: "12345678",
        iban: "NL91ABNA0417164300",
        insurer: "Centraal Beheer",
        insuredUntil: new Date("2027-03-31T00:00:00Z"),
        status: "approved",
      },
    });
    const html = await render("daan-1");
    for (const secret of [email, "+31612345678", "0612345678", "12345678", "NL91ABNA0417164300", "Centraal Beheer", user.id]) expect(html).not.toContain(secret);
    expect(html).not.toMatch(/mailto:|tel:/);
  });

  it("pages the reviews newest first with links to older and newer ones", async () => {
    for (let i = 0; i < REVIEWS_PER_PAGE + 3; i++) await addReview(1, 4, `Review number ${i}.`, i + 1);
    const first = new JSDOM(await render("daan-1")).window.document;
    const texts = [...first.querySelectorAll('[data-testid="profile-review"]')].map((li) => li.textContent ?? "");
    expect(texts).toHaveLength(REVIEWS_PER_PAGE);
    expect(texts[0]).toContain("Review number 0.");
    expect(first.querySelector('a[rel="prev"]')).toBeNull();
    const older = first.querySelector<HTMLAnchorElement>('a[rel="next"]')!.getAttribute("href")!;
    const cursor = new URL(older, "http://x").searchParams.get("cursor")!;
    const second = new JSDOM(await render("daan-1", "en", { cursor })).window.document;
    const secondTexts = [...second.querySelectorAll('[data-testid="profile-review"]')].map((li) => li.textContent ?? "");
    expect(secondTexts.map((text) => /Review number (\d+)/.exec(text)![1])).toEqual(["10", "11", "12"]);
    expect(second.querySelector('a[rel="next"]')).toBeNull();
    const newer = new URL(second.querySelector<HTMLAnchorElement>('a[rel="prev"]')!.getAttribute("href")!, "http://x").searchParams.get("cursor")!;
    const back = new JSDOM(await render("daan-1", "en", { cursor: newer })).window.document;
    expect([...back.querySelectorAll('[data-testid="profile-review"]')]).toHaveLength(REVIEWS_PER_PAGE);
    expect(back.querySelector('[data-testid="profile-review"]')!.textContent).toContain("Review number 0.");
  });

  it("reads a forged cursor, or one made for another handyman's reviews, as the first page", async () => {
    await addReview(1, 4, "Only review.", 1);
    for (let i = 0; i < REVIEWS_PER_PAGE + 1; i++) await addReview(18, 3, `Nina's review ${i}.`, i + 2);
    const ninas = new JSDOM(await render("nina-18")).window.document.querySelector<HTMLAnchorElement>('a[rel="next"]')!.getAttribute("href")!;
    const foreign = new URL(ninas, "http://x").searchParams.get("cursor")!;
    for (const cursor of [foreign, "garbage", "a.b", "'; DROP TABLE reviews; --", "x".repeat(10_000)]) {
      expect(textOf(await render("daan-1", "en", { cursor }))).toContain("Only review.");
    }
  });

  it("has a title and description in its language, and is not indexed once gone", async () => {
    const metadata = await generateMetadata({ params: Promise.resolve({ locale: "en", slug: "daan-1" }), searchParams: Promise.resolve({}) });
    expect(metadata.title).toBe(`Daan, ${taskTypeLabel("Outlet-replacement")} in Amsterdam`);
    await (await getDb()).handyman.update({ where: { id: 1 }, data: { suspended: true } });
    const gone = await generateMetadata({ params: Promise.resolve({ locale: "en", slug: "daan-1" }), searchParams: Promise.resolve({}) });
    expect(gone.robots).toMatchObject({ index: false });
  });
});

describe("the sitemap", () => {
  it("lists every listed profile in both languages, and no suspended or removed one", async () => {
    const db = await getDb();
    await db.handyman.update({ where: { id: 1 }, data: { suspended: true } });
    await db.handyman.update({ where: { id: 2 }, data: { removedAt: new Date() } });
    const urls = await sitemapUrls(routeHandlerGet);
    expect(urls.filter((url) => url.includes("/pros/"))).toHaveLength(2 * 37);
    expect(urls.some((url) => url.endsWith("/pros/nina-18"))).toBe(true);
    expect(urls.some((url) => url.endsWith("/nl/pros/nina-18"))).toBe(true);
    expect(urls.some((url) => url.endsWith("/pros/daan-1"))).toBe(false);
    expect(urls.some((url) => url.endsWith("/how-we-rank"))).toBe(true);
  });
});
