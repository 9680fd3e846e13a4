// Job openings in the operator console, in the browser: an operator drafts an opening, previews hostile
// HTML and sees what was removed, publishes it and finds it on /job-openings and in the sitemap (followed from /sitemap.xml) at once,
// closes it with the password and gets 410 on its page; and two operators in two browsers edit the same
// opening, the second being told of the newer version with a link to it; and an operator types the Dutch
// version over several lines (the browser posts a textarea's line breaks as CRLF) and saves it. Console
// pages are checked with axe and at 320 px wide.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessibleAndNarrow } from "./helpers/a11y";
import { TEST_PASSWORD } from "./helpers/auth";
import { amsterdamDay } from "./helpers/dates";
import { OPERATORS, signInAsOperator } from "./helpers/ops";
import { serverGet, sitemapUrls } from "../tests/helpers/sitemap";

const HOSTILE = `<p>ok</p><script>alert(1)</script><a href="javascript:x" onclick="y">z</a>`;

/** Fills the new-opening form with a valid opening. */
async function fillNewOpening(page: Page, jobId: string, role: string, requirements: string) {
  await page.getByLabel("Job id").fill(jobId);
  await page.getByLabel("Department").selectOption("Operations");
  await page.getByLabel("Role", { exact: true }).fill(role);
  await page.getByLabel("Location").fill("Rotterdam");
  await page.getByLabel("Start date").fill(amsterdamDay(40));
  await page.getByLabel("Short description").fill("Keep our Rotterdam jobs running.");
  await page.getByLabel("The role", { exact: true }).fill("You plan the week of twelve handymen.");
  await page.getByLabel("What we look for (requirements)").fill(requirements);
  await page.getByLabel("What we offer (benefits)").fill("<ul><li>A bike</li></ul>");
  await page.getByLabel("How we interview").fill("One talk of an hour.");
  await page.getByLabel("How to apply").fill("Mail jobs@fixwell.example");
  await page.getByLabel("About Fixwell").fill("Fixwell matches homeowners with handymen.");
}

test("an operator drafts, previews hostile HTML, publishes, finds it public at once, closes it and gets 410", async ({ page }) => {
  test.setTimeout(180_000);
  const jobId = `e2e-planner-${Date.now()}`;
  const role = `Planner ${Date.now()}`;
  await signInAsOperator(page, OPERATORS.openings);

  await page.goto("/ops/job-openings");
  await expect(page.getByRole("heading", { level: 1, name: "Job openings" })).toBeVisible();
  await expectAccessibleAndNarrow(page, "/ops/job-openings");
  await page.getByRole("link", { name: "New opening" }).click();
  await expect(page).toHaveURL(/\/ops\/job-openings\/new$/);

  await fillNewOpening(page, jobId, role, HOSTILE);
  // The live preview shows what the public page will show, and what was taken out.
  const removed = page.getByRole("list", { name: "Removed from the requirements" });
  await expect(removed).toContainText("removed <script> element");
  await expect(removed).toContainText("removed onclick attribute from <a>");
  await expect(removed).toContainText("removed link javascript:x");
  const preview = page.getByTestId("opening-preview");
  await expect(preview.locator("script")).toHaveCount(0);
  await expect(preview).toContainText("ok");
  await expectAccessibleAndNarrow(page, "/ops/job-openings/new with a preview");

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(new RegExp(`/ops/job-openings/${jobId}\\?notice=opening-created$`));
  await expect(page.getByText("The draft is saved.")).toBeVisible();
  await expect(page.getByTestId("opening-version")).toHaveText("Version 1");
  // What was stored is the sanitised HTML.
  await expect(page.getByLabel("What we look for (requirements)")).toHaveValue("<p>ok</p>z");
  await expectAccessibleAndNarrow(page, "the opening's editor");
  expect((await page.request.get(`/job-openings/${jobId}`)).status()).toBe(404);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("The opening is published and shows on the careers pages now.")).toBeVisible();

  await page.goto("/job-openings");
  await expect(page.getByTestId("job-opening-card").filter({ hasText: role })).toBeVisible();
  expect((await sitemapUrls(serverGet(page.request))).some((url) => url.endsWith(`/job-openings/${jobId}`))).toBe(true);
  const detail = await page.goto(`/job-openings/${jobId}`);
  expect(detail?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: role })).toBeVisible();

  await page.goto(`/ops/job-openings/${jobId}`);
  await page.getByLabel("Your password, to confirm").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Close opening" }).click();
  await expect(page.getByText("The opening is closed.")).toBeVisible();

  const gone = await page.goto(`/job-openings/${jobId}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: "This job opening has closed" })).toBeVisible();
  expect(gone?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  expect((await page.request.get(`/api/job-openings/${jobId}`)).status()).toBe(410);
  await page.goto("/job-openings");
  await expect(page.getByTestId("job-opening-card").filter({ hasText: role })).toHaveCount(0);
  expect((await sitemapUrls(serverGet(page.request))).some((url) => url.endsWith(`/job-openings/${jobId}`))).toBe(false);
});

test("two operators edit the same opening: the second is told of the newer version, with a link to it", async ({ browser }) => {
  test.setTimeout(180_000);
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  await signInAsOperator(first, OPERATORS.openings);
  await signInAsOperator(second, OPERATORS.rival);

  const jobId = `e2e-rivalry-${Date.now()}`;
  await first.goto("/ops/job-openings/new");
  await fillNewOpening(first, jobId, "Dispatcher", "<p>Calm on the phone</p>");
  await first.getByRole("button", { name: "Save draft" }).click();
  await expect(first).toHaveURL(new RegExp(`/ops/job-openings/${jobId}\\?notice=opening-created$`));

  // Both open version 1.
  await second.goto(`/ops/job-openings/${jobId}`);
  await expect(second.getByTestId("opening-version")).toHaveText("Version 1");

  await first.getByLabel("Role", { exact: true }).fill("Senior dispatcher");
  await first.getByRole("button", { name: "Save changes" }).click();
  await expect(first.getByText("Your changes to the opening are saved.")).toBeVisible();
  await expect(first.getByTestId("opening-version")).toHaveText("Version 2");

  await second.getByLabel("Location").fill("Amsterdam");
  await second.getByRole("button", { name: "Save changes" }).click();
  const conflict = second.getByRole("alert").filter({ hasText: "Not saved: someone else changed this opening" });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText("Version 2 was saved after you opened version 1");
  // What the second operator typed is still there to copy.
  await expect(second.getByLabel("Location")).toHaveValue("Amsterdam");
  await conflict.getByRole("link", { name: "open version 2" }).click();
  await expect(second.getByTestId("opening-version")).toHaveText("Version 2");
  await expect(second.getByRole("heading", { level: 1 })).toHaveText("Senior dispatcher");
  await expect(second.getByLabel("Location")).toHaveValue("Rotterdam");
});

test("an operator types the Dutch version over several lines and saves it; the Dutch page shows it", async ({ page }) => {
  test.setTimeout(180_000);
  const jobId = `e2e-dutch-${Date.now()}`;
  await signInAsOperator(page, OPERATORS.openings);
  await page.goto("/ops/job-openings/new");
  await fillNewOpening(page, jobId, "Planner", "<p>Calm on the phone</p>");

  const dutch = {
    Afdeling: "Operations",
    Functie: "Planner",
    Locatie: "Rotterdam",
    "Korte omschrijving": "Houd onze klussen in Rotterdam op gang.\nElke dag.",
    "Over de functie": "Je plant de week van twaalf vakmensen.\n\nJe belt ze elke ochtend.",
    "Wat we zoeken (eisen)": "<ul>\n  <li>Rustig aan de telefoon</li>\n  <li>Een rijbewijs B</li>\n</ul>",
    "Wat we bieden (voorwaarden)": "<ul>\n  <li>Een fiets</li>\n</ul>",
    "Zo verlopen de gesprekken": "Eén gesprek van een uur.\nDaarna een dag meelopen.",
    "Zo solliciteer je": "Mail jobs@fixwell.example\nmet je cv.",
    "Over Fixwell": "Fixwell koppelt huiseigenaren aan vakmensen.\nIn drie steden.",
  };
  for (const [label, value] of Object.entries(dutch)) await page.getByLabel(label, { exact: true }).fill(value);

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(new RegExp(`/ops/job-openings/${jobId}\\?notice=opening-created$`));
  await expect(page.getByText("The draft is saved.")).toBeVisible();
  // Stored with its line breaks, and shown again as typed.
  await expect(page.getByLabel("Over de functie", { exact: true })).toHaveValue(dutch["Over de functie"]);
  await expect(page.getByLabel("Zo verlopen de gesprekken", { exact: true })).toHaveValue(dutch["Zo verlopen de gesprekken"]);
  await expect(page.getByLabel("Wat we zoeken (eisen)", { exact: true })).toHaveValue(/<li>Rustig aan de telefoon<\/li>\n\s*<li>Een rijbewijs B<\/li>/);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("The opening is published and shows on the careers pages now.")).toBeVisible();
  const shown = await page.goto(`/nl/job-openings/${jobId}`);
  expect(shown?.status()).toBe(200);
  await expect(page.getByRole("listitem").filter({ hasText: "Een rijbewijs B" })).toBeVisible();
  await expect(page.getByText("Je belt ze elke ochtend.")).toBeVisible();

  await page.goto(`/ops/job-openings/${jobId}`);
  await page.getByLabel("Your password, to confirm").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Close opening" }).click();
  await expect(page.getByText("The opening is closed.")).toBeVisible();
});
