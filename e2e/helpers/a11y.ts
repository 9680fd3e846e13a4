// The check the console and job life specs make of each page they reach: axe finds no WCAG 2.0/2.1/2.2
// A or AA violation, nothing is wider than a 320 px screen, and there is exactly one h1.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * No WCAG A/AA violations, nothing wider than a 320 px screen, and one h1 there. The viewport then
 * goes back to `restoreTo`, or to the size it had.
 */
export async function expectAccessibleAndNarrow(page: Page, what: string, restoreTo?: { width: number; height: number }) {
  await page.waitForLoadState("load");
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`), `axe on ${what}`).toEqual([]);
  const size = restoreTo ?? page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} at 320 px`).toBeLessThanOrEqual(320);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  if (size) await page.setViewportSize(size);
}
