// The reusable dialog, as /customer-help uses it for Contact Support: it opens with the support
// contact, keeps focus inside, and closes on Escape, on the overlay and on its buttons, handing focus
// back to the button that opened it.
import { expect, test, type Page } from "@playwright/test";

async function openSupportDialog(page: Page) {
  await page.goto("/customer-help");
  const opener = page.getByRole("button", { name: "Contact Support" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Contact Support" });
  await expect(dialog).toBeVisible();
  return { opener, dialog };
}

test.describe("Contact Support dialog", () => {
  test("opens a modal dialog with the support phone number and email", async ({ page }) => {
    const { dialog } = await openSupportDialog(page);
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(dialog.getByRole("link", { name: "support@fixwell.example" })).toHaveAttribute("href", "mailto:support@fixwell.example");
    await expect(dialog.getByRole("link", { name: "+31 20 000 0000" })).toBeVisible();
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  });

  test("closes on Escape and gives focus back to the button", async ({ page }) => {
    const { opener, dialog } = await openSupportDialog(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("closes on a click on the overlay", async ({ page }) => {
    const { opener, dialog } = await openSupportDialog(page);
    await page.mouse.click(4, 4);
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("stays open on a click inside it", async ({ page }) => {
    const { dialog } = await openSupportDialog(page);
    await dialog.getByText("Opening hours").click();
    await page.waitForTimeout(400);
    await expect(dialog).toBeVisible();
  });

  test("closes with its Done and × buttons", async ({ page }) => {
    const { opener, dialog } = await openSupportDialog(page);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
    await opener.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("keeps keyboard focus inside while open", async ({ page }) => {
    const { dialog } = await openSupportDialog(page);
    for (let press = 0; press < 8; press++) {
      await page.keyboard.press(press % 3 === 2 ? "Shift+Tab" : "Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement)), `after key ${press + 1}`).toBe(true);
    }
  });
});
