// A handyman keeps their own profile: Stijn (invited by mail; the test server ran `npm run
// handyman:invite -- 5 …`) sets a password, signs in, opens "Edit your profile" from /pro, changes the
// introduction with JavaScript, adds days off in a browser without JavaScript (a plain post and a
// redirect), and his public profile shows the change. Neither changes how anyone is matched in the other
// specs: the price and trades stay, and the days off are months ahead. Checked with axe and at 320 px.
import { expect, test } from "@playwright/test";
import { handymen } from "../lib/data/sample-handymen";
import { expectAccessibleAndNarrow } from "./helpers/a11y";
import { signInFromInvitation } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";

const EMAIL = "stijn.pro@example.test";
const stijn = handymen.find((h) => h.id === 5)!;
const slug = `${stijn.name.toLowerCase()}-5`;

test("a handyman edits the profile with JavaScript, adds days off without, and the public profile shows the change", async ({ browser }) => {
  // The invitation may wait behind the run's other mail (up to 90 s), then two pages are checked with
  // axe at two widths: more than the default 30 s on a busy two-core machine.
  test.setTimeout(180_000);
  const { context, page } = await signInFromInvitation(browser, EMAIL);

  await page.getByRole("link", { name: "Edit your profile and days off" }).click();
  await expect(page).toHaveURL(/\/pro\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your profile");
  await expectAccessibleAndNarrow(page, "/pro/profile");

  // With JavaScript: a refusal beside its field, with the typed value kept, then the change.
  // Made unique with letters: a long run of digits reads as a phone number, which the public page masks.
  const intro = `Plumber in The Hague since 2011. Ref ${String(Date.now()).replace(/\d/g, (digit) => "abcdefghij"[Number(digit)])}.`;
  await page.getByLabel("Jobs a day").fill("11");
  await page.getByLabel("Introduction").fill(intro);
  await page.getByRole("button", { name: "Save the profile" }).click();
  await expect(page.getByText("Choose from 1 to 10 jobs a day.")).toBeVisible();
  await expect(page.getByLabel("Introduction")).toHaveValue(intro);
  await page.getByLabel("Jobs a day").fill("3");
  await page.getByRole("button", { name: "Save the profile" }).click();
  await expect(page.getByText("Your profile is saved.")).toBeVisible();

  // Without JavaScript: days off, as a plain post.
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plainPage = await plain.newPage();
  await plainPage.goto("/pro/profile");
  const [from, to] = [amsterdamDay(300), amsterdamDay(302)];
  await plainPage.getByLabel("First day off").fill(from);
  await plainPage.getByLabel("Last day off").fill(to);
  await plainPage.getByRole("button", { name: "Add the days off" }).click();
  await expect(plainPage).toHaveURL(/\/pro\/profile\?notice=day-off-added$/);
  await expect(plainPage.getByTestId("days-off")).toContainText(" to ");
  await plain.close();

  // The public profile, as anyone sees it.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  const response = await publicPage.goto(`/pros/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(stijn.name);
  await expect(publicPage.getByTestId("profile-intro")).toHaveText(intro);
  await expect(publicPage.getByTestId("profile-price")).toContainText("VAT included");
  await expectAccessibleAndNarrow(publicPage, `/pros/${slug}`);
  expect((await publicPage.goto("/pros/nobody-999"))?.status()).toBe(404);
  await visitor.close();
  await context.close();
});
