// The home page: its sections in the spec's order, the Start now button's glide to Our Services,
// and the testimonials in a fresh order on each visit without a hydration mismatch.
import { expect, test, type Page } from "@playwright/test";

const SERVER_ORDER = ["Sanne de Vries", "Youssef El Amrani", "Ingrid Bakker", "Thomas Visser"];

async function testimonialNames(page: Page) {
  const list = page.locator("#testimonials ul[data-order]");
  await expect(list).toHaveAttribute("data-order", "shuffled");
  return list.locator('[data-testid="testimonial"] figcaption').evaluateAll((captions) =>
    captions.map((caption) => caption.querySelector("span span")?.textContent ?? ""),
  );
}

/** Records scroll positions over time, to see how the page got where it is. */
async function recordScrolling(page: Page) {
  await page.evaluate(() => {
    // The click's own time is the animation's start: under load the first frame can come late, so
    // timing from the first scroll event would shorten a glide that did last its full second.
    const record = { clickedAt: 0, samples: [] as { t: number; y: number }[] };
    (window as unknown as { __scrolling: typeof record }).__scrolling = record;
    document.addEventListener("click", () => (record.clickedAt ||= performance.now()), { capture: true });
    window.addEventListener("scroll", () => record.samples.push({ t: performance.now(), y: window.scrollY }), {
      passive: true,
    });
  });
  return async () =>
    page.evaluate(
      () =>
        (window as unknown as { __scrolling: { clickedAt: number; samples: { t: number; y: number }[] } }).__scrolling,
    );
}

test.describe("home page", () => {
  test("shows hero, Our Services, the trust strip and testimonials, in that order", async ({ page }) => {
    await page.goto("/");
    const hero = page.getByRole("heading", { level: 1 });
    const services = page.getByRole("heading", { level: 2, name: "Our Services" });
    const trust = page.getByText("Start-up of the Year");
    const testimonials = page.locator("#testimonials");
    const tops = [];
    for (const locator of [hero, services, trust, testimonials]) {
      await expect(locator).toBeAttached();
      tops.push((await locator.boundingBox())!.y);
    }
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);

    for (const trade of ["Painting", "Electrician", "Plumbing", "Cleaning"]) {
      await expect(page.getByRole("heading", { level: 3, name: trade })).toBeVisible();
    }
    await expect(page.getByRole("list", { name: "Our trades at work" }).getByRole("img")).toHaveCount(4);
    for (const badge of ["Founded in 2023", "Start-up of the Year", "Powered by Innovation"]) {
      await expect(page.getByText(badge, { exact: true })).toBeVisible();
    }
    await expect(page.getByText(/300 euros/)).toBeVisible();
    await expect(page.getByText(/clogged sink/)).toBeVisible();
  });

  test("Start now glides to Our Services over about a second and moves focus there", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const services = page.getByRole("heading", { level: 2, name: "Our Services" });
    await expect(services).not.toBeInViewport();
    const samples = await recordScrolling(page);

    await page.getByRole("link", { name: "Start now" }).click();

    await expect(services).toBeInViewport();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("our-services");
    const { clickedAt, samples: scrolled } = await samples();
    expect(scrolled.length).toBeGreaterThan(5);
    const end = scrolled.at(-1)!.y;
    expect(scrolled.some(({ y }) => y > 0 && y < end)).toBe(true);
    const duration = scrolled.at(-1)!.t - clickedAt;
    expect(duration).toBeGreaterThan(900);
    expect(duration).toBeLessThan(3000);
    expect(new URL(page.url()).pathname).toBe("/");
  });

  test("Start now jumps straight to Our Services for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const samples = await recordScrolling(page);
    await page.getByRole("link", { name: "Start now" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Our Services" })).toBeInViewport();
    const { samples: scrolled } = await samples();
    expect(scrolled.length).toBeGreaterThan(0);
    // A jump: every scroll event already reports the end position, with no positions on the way.
    const end = scrolled.at(-1)!.y;
    expect(end).toBeGreaterThan(0);
    expect(scrolled.every(({ y }) => y === end)).toBe(true);
  });

  test("shows four five-star testimonials, server-rendered in a stable order", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    const positions = SERVER_ORDER.map((name) => html.indexOf(name));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    await page.goto("/#testimonials");
    const items = page.locator("#testimonials").getByTestId("testimonial");
    await expect(items).toHaveCount(4);
    for (const item of await items.all()) {
      const stars = item.getByRole("img", { name: "Rated 5 out of 5" });
      await expect(stars).toHaveText("★★★★★");
    }
  });

  test("reshuffles the testimonials on reload, without a hydration mismatch", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));

    const orders = new Set<string>();
    await page.goto("/");
    for (let visit = 0; visit < 10; visit++) {
      if (visit > 0) await page.reload();
      const names = await testimonialNames(page);
      expect([...names].sort()).toEqual([...SERVER_ORDER].sort());
      orders.add(names.join(" | "));
    }
    expect(orders.size).toBeGreaterThan(1);
    expect(problems.filter((text) => /hydrat/i.test(text))).toEqual([]);
  });
});
