// The whole life of a job, in two browsers: a homeowner signs up, asks for a plumber in Rotterdam,
// chooses "Cheapest", reads why the match was chosen and the estimate, and picks the next one (Hidde)
// instead; Hidde, invited by mail (the test server ran `npm run handyman:invite -- 10 …`), sets a
// password from the mailed link, signs in and accepts on /pro; the homeowner follows the timeline;
// Hidde marks the job done; the homeowner reviews it; Hidde's rating changes. Every page of the loop
// is checked with axe and at 320 px wide. A second test posts the order page's forms without JavaScript.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { handymen } from "../lib/data/sample-handymen";
import { rankHandymen } from "../lib/matching";
import { formatRating } from "../lib/format";
import { expectAccessibleAndNarrow } from "./helpers/a11y";
import { signIn, signUp, TEST_PASSWORD } from "./helpers/auth";
import { mailedLink } from "./helpers/mail";
import { amsterdamDay } from "./helpers/dates";

const HANDYMAN_EMAIL = "hidde.pro@example.test";

test("a job from request to review: the handyman accepts in a second browser, the homeowner follows, reviews, and the rating changes", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const details = `Dripping trap under the sink, job ${Date.now()}`;
  const ranking = rankHandymen({ criteria: "price", city: "Rotterdam", task_type: "Pipe-leakage" }, handymen);
  const [cheapest, hidde, third] = ranking;
  expect(hidde.id).toBe(10);
  // Every sample handyman has a rating (only one who joined has none yet: "new").
  const hiddeRating = hidde.rating ?? Number.NaN;

  // The homeowner asks for the cheapest plumber in Rotterdam.
  await signUp(page);
  await page.getByLabel("Task type").selectOption({ label: "Pipe leakage" });
  await page.getByLabel("City").selectOption("Rotterdam");
  await page.getByLabel("Preferred date").fill(amsterdamDay(4));
  await page.getByLabel("Details").fill(details);
  await page.getByLabel("Is the home older than two years?").selectOption({ label: "No, two years or newer" });
  await page.getByRole("button", { name: "Submit request" }).click();
  await expect(page).toHaveURL(/\/inputs\/criteria\/[0-9a-f-]{36}$/);
  const requestId = page.url().split("/").pop()!;
  await page.getByRole("button", { name: "Cheapest" }).click();
  await expect(page).toHaveURL(new RegExp(`/inputs/criteria/arranging\\?input=${requestId}$`));

  // The confirmation: the match, why, the estimate, and the next two to pick instead.
  const match = page.getByRole("region", { name: cheapest.name });
  await expect(match).toContainText(`Why ${cheapest.name}: Lowest hourly price among the ${ranking.length} plumbers in Rotterdam.`);
  await expect(match).toContainText(/about €\d+–€\d+ for a typical job/);
  await expect(match).toContainText("This is an estimate");
  const alternatives = page.getByRole("region", { name: /Or pick one of the next two/ });
  await expect(alternatives).toContainText(hidde.name);
  await expect(alternatives).toContainText(third.name);
  await expectAccessibleAndNarrow(page, "the confirmation");
  await alternatives.getByRole("button", { name: `Pick ${hidde.name} instead` }).click();
  await expect(page.getByText("Your request went to the handyman you picked.")).toBeVisible();
  await expect(page.getByRole("region", { name: hidde.name })).toContainText(`We sent your request to ${hidde.name}`);
  await expect(page.getByRole("region", { name: /Or pick one of the next two/ })).toContainText(cheapest.name);

  // Hidde sets a password from the invitation and signs in, in a browser of his own.
  const pro = await browser.newContext();
  const proPage = await pro.newPage();
  await proPage.goto(await mailedLink(HANDYMAN_EMAIL, /invited/, "/set-password", 90_000));
  await expect(proPage.getByRole("heading", { level: 1 })).toHaveText("Set your password");
  await proPage.getByLabel("New password").fill(TEST_PASSWORD);
  await proPage.getByRole("button", { name: "Set my password" }).click();
  await expect(proPage).toHaveURL(/\/login\?notice=password-set$/);
  await expect(proPage.getByText("Your password is set. Sign in with it.")).toBeVisible();
  await signIn(proPage, { email: HANDYMAN_EMAIL, password: TEST_PASSWORD }, { landing: /\/pro$/ });
  await expect(proPage.getByRole("heading", { level: 1 })).toHaveText(`Hello, ${hidde.name}`);
  const ratingBefore = formatRating(hiddeRating);
  await expect(proPage.getByTestId("pro-rating")).toHaveText(`Starting rating ${ratingBefore} out of 5, set by Fixwell, not by customers: no reviews yet`);
  const offer = proPage.getByTestId("pro-offer").filter({ hasText: details });
  await expect(offer).toContainText("Pipe leakage in Rotterdam");
  await expectAccessibleAndNarrow(proPage, "/pro with an offer");
  await offer.getByRole("button", { name: "Accept" }).click();
  await expect(proPage.getByText("You accepted the job.")).toBeVisible();
  const job = proPage.getByRole("region", { name: "Your jobs" }).getByTestId("pro-offer").filter({ hasText: details });
  await expect(job).toContainText("Accepted");

  // The homeowner sees the acceptance on the request's timeline, and the state in the orders list.
  await page.goto(`/dashboard/orders/${requestId}`);
  await expect(page.getByText(`Status: Accepted`)).toBeVisible();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByTestId("timeline-entry")).toHaveText([
    new RegExp(`Offered to ${cheapest.name}`),
    new RegExp(`Offered to ${hidde.name}.*You chose ${hidde.name} instead`),
    new RegExp(`${hidde.name} accepted`),
  ]);
  await expectAccessibleAndNarrow(page, "the order page");
  await page.goto("/dashboard/orders");
  await expect(page.getByTestId("order").filter({ hasText: details })).toContainText("Status: Accepted");

  // Hidde marks the job done; the homeowner reviews it (the text is shown as text, never as HTML).
  await job.getByRole("button", { name: "Mark done" }).click();
  await expect(proPage.getByText("The job is marked done.")).toBeVisible();
  await page.goto(`/dashboard/orders/${requestId}`);
  await expect(timeline.getByTestId("timeline-entry").last()).toHaveText(new RegExp(`${hidde.name} marked the job done`));
  await page.getByRole("radio", { name: "5 stars" }).check();
  const review = "Fixed in twenty minutes <b>and</b> left it spotless.";
  await page.getByLabel("Your review (optional)").fill(review);
  await page.getByRole("button", { name: "Send the review" }).click();
  await expect(page.getByText("Thank you for your review.")).toBeVisible();
  await expect(page.getByText("Status: Reviewed")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your review" })).toContainText(review);

  // Hidde's rating is now the mean of his starting rating and the five stars, and says it rests on both.
  await proPage.goto("/pro");
  const ratingAfter = formatRating((hiddeRating + 5) / 2);
  expect(ratingAfter).not.toBe(ratingBefore);
  await expect(proPage.getByTestId("pro-rating")).toHaveText(`${ratingAfter} out of 5 from 1 review and a starting rating of ${ratingBefore} set by Fixwell`);
  await expect(proPage.getByRole("region", { name: "Reviews" })).toContainText(review);
  await expect(proPage.getByRole("region", { name: "Reviews" })).toContainText("Reviews come only from the homeowner of a job you marked done");

  // A handyman makes no request from this account: /inputs offers no form, says why and leads to /pro.
  await proPage.goto("/inputs");
  await expect(proPage.getByText("Requests are made from a homeowner account")).toBeVisible();
  await expect(proPage.getByRole("button", { name: "Submit request" })).toHaveCount(0);
  await expect(proPage.getByRole("link", { name: "See the requests offered to you" })).toHaveAttribute("href", "/pro");

  // The handyman's page is not the homeowner's, and the homeowner's order is nobody else's.
  await page.goto("/pro");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await proPage.goto(`/dashboard/orders/${requestId}`);
  await expect(proPage.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(proPage.getByText(details)).toHaveCount(0);
  await pro.close();
});

test("without JavaScript the order page's forms still post: a new date, then a cancel", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { email } = await signUp(page);
  const requestId = randomUUID();
  const created = await page.request.post("/api/inputs", {
    data: { input_id: requestId, user_email: email, task_type: "Painting", city: "The Hague", details: "Hallway walls", date: amsterdamDay(5), criteria: "" },
  });
  expect(created.status()).toBe(200);
  const chosen = await page.request.post(`/api/inputs/${requestId}/criteria`, { data: { criteria: "rated", city: "The Hague", task_type: "Painting" } });
  expect(chosen.status()).toBe(200);

  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto(`/dashboard/orders/${requestId}`);
  await expect(plain.getByText("Status: Waiting for the handyman")).toBeVisible();
  await plain.getByLabel("New preferred date").fill(amsterdamDay(9));
  await plain.getByRole("button", { name: "Change the date" }).click();
  await expect(plain).toHaveURL(new RegExp(`/dashboard/orders/${requestId}\\?notice=date-changed$`));
  await expect(plain.getByText("The new date is saved.")).toBeVisible();
  await expect(plain.getByRole("region", { name: "Timeline" }).getByTestId("timeline-entry").last()).toContainText("Date changed");
  await plain.getByRole("button", { name: "Cancel the request" }).click();
  await expect(plain.getByText("Your request is cancelled.")).toBeVisible();
  await expect(plain.getByText("Status: Cancelled")).toBeVisible();
  await expect(plain.getByRole("button", { name: "Cancel the request" })).toHaveCount(0);
  await noScript.close();
});
