// The main paths work by keyboard alone, and the focused control is always visibly marked.
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signOut, signUp } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";

/** Presses Tab until `matches` holds for the focused element (at most `limit` times). */
async function tabTo(page: Page, describe: string, matches: (el: Element | null) => boolean, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluateHandle(() => document.activeElement);
    if (await focused.evaluate(matches)) return;
  }
  throw new Error(`could not reach ${describe} with Tab`);
}

/** The focused element shows a focus indicator (an outline or a box shadow). */
async function expectVisibleFocus(page: Page) {
  const indicator = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "nothing focused";
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== "none" ? "visible" : `no focus indicator on <${el.tagName.toLowerCase()}>`;
  });
  expect(indicator).toBe("visible");
}

test("the skip link is the first stop and moves focus past the header", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});

test("a returning user signs in and picks a criterion by keyboard alone", async ({ page }) => {
  test.setTimeout(90_000);
  const creds = await signUp(page);
  const inputId = randomUUID();
  const created = await page.request.post("/api/inputs", {
    data: { input_id: inputId, user_email: creds.email, task_type: "Painting", city: "Amsterdam", details: "Kitchen wall", date: amsterdamDay(3), criteria: "" },
  });
  expect(created.status()).toBe(200);
  await signOut(page);

  await page.goto("/login");
  await tabTo(page, "the email field", (el) => el?.getAttribute("type") === "email");
  await expectVisibleFocus(page);
  await page.keyboard.type(creds.email);
  await page.keyboard.press("Tab");
  await expectVisibleFocus(page);
  await page.keyboard.type(creds.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/inputs$/, { timeout: 20_000 });

  await page.goto(`/inputs/criteria/${inputId}`);
  await expect(page.getByRole("region", { name: "Your request" })).toContainText("Kitchen wall");
  await tabTo(page, "the Cheapest choice", (el) => el?.tagName === "BUTTON" && /cheapest/i.test(el.textContent ?? ""));
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/inputs\/criteria\/arranging\?/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Arranging your handyman");
});

test("the dialog on Customer Help opens with Enter, traps focus and closes with Escape, returning focus", async ({ page }) => {
  await page.goto("/customer-help");
  await tabTo(page, "the Contact Support button", (el) => el?.tagName === "BUTTON" && /contact support/i.test(el.textContent ?? ""));
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: /contact support/i })).toBeFocused();
});
