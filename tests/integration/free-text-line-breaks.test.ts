// Every free-text field of every form takes text typed over several lines. A browser posts a textarea's
// line breaks as CRLF; each field below is posted that way through the form people use (its server
// action, as the browser calls it) and read back from the database with "\n", trimmed, under the one rule
// of lib/validations/text.ts. A field that tested the raw text instead would refuse it here.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";

const revalidateTag = vi.hoisted(() => vi.fn());
vi.mock("next/cache", async (importOriginal) => ({ ...(await importOriginal<typeof import("next/cache")>()), revalidateTag }));

import { actionRequest, form, redirectOf } from "../helpers/server-action";
import { getDb, resetDatabase } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest } from "../helpers/marketplace";
import { createSignedInOperator, OPERATOR_PASSWORD } from "../helpers/ops";
import { amsterdamDay, createSignedInUser, type TestUser } from "../helpers/session";

const steps = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { createRequestAction } = await import("@/lib/requests/actions");
const { emptyRequestForm } = await import("@/lib/requests/form");
const { sendMessageAction, reportThreadAction } = await import("@/lib/messages/actions");
const { listThreadsOfRequest } = await import("@/lib/messages/threads");
const { cancelForHomeownerAction } = await import("@/lib/ops/requests-actions");
const { applyAction, rejectApplicationAction } = await import("@/lib/handymen/applications-actions");
const { saveProfileAction } = await import("@/lib/handymen/profile-actions");
const { IDLE_PROFILE_FORM } = await import("@/lib/handymen/profile-state");
const { createOpeningAction } = await import("@/lib/careers/console-actions");

/** Three lines as a browser posts them from a textarea, with white space around. */
const TYPED = "  First line\r\nsecond line\r\n\r\nthird line\r\n";
/** The same three lines as stored. */
const STORED = "First line\nsecond line\n\nthird line";

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const NINA = 18;

const as = (user: TestUser) => {
  actionRequest.jar.clear();
  actionRequest.headers = new Headers({ cookie: user.cookie, "x-forwarded-for": `10.3.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
};

/** The posted form, in the page (as its script posts it): an answer instead of a redirect. */
const inPage = (fields: Record<string, string>) => form({ ...fields, in_page: "1" });

/** A homeowner's request offered to Nina, with its thread. */
async function offered() {
  const owner = await createSignedInUser(`owner-${randomUUID()}@example.test`);
  const nina = await createSignedInHandyman(NINA);
  const requestId = await submitRequest(owner, LEAK);
  expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
  const offer = await openOfferOf(requestId);
  const [thread] = await listThreadsOfRequest(owner, requestId);
  return { owner, nina, requestId, offerId: offer.id, threadId: thread.id };
}

/** Posts an application through /join's form with `overrides`; returns its row. */
async function applied(overrides: Record<string, string> = {}) {
  const email = `anna-${randomUUID()}@example.test`;
  const data = form({
    name: "Anna de Vries",
    email,
    password: "Quiet-harbour-lantern-42",
    phone: "+31 6 12345678",
    task_types: "Painting",
    cities: "Rotterdam",
    hourly_price: "45",
    kvk_number: "12345678",
    iban: "NL91ABNA0417164300",
    intro: "",
    insurer: "Centraal Beheer",
    insured_until: amsterdamDay(200),
    consent: "on",
    in_page: "1",
    ...overrides,
  });
  actionRequest.jar.clear();
  actionRequest.headers = new Headers({ "x-forwarded-for": `10.4.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  expect(await applyAction({ values: {}, fieldErrors: {}, message: null }, data)).toMatchObject({ next: "/pro?notice=application-sent" });
  actionRequest.jar.clear();
  const db = await getDb();
  return db.handymanApplication.findFirstOrThrow({ where: { user: { email } } });
}

/** The fields of the job opening editor that are textareas, in English and in Dutch. */
const OPENING_TEXTAREAS = ["description", "overview", "requirements", "benefits", "interview_time", "apply", "about"] as const;

async function openingPostedWith(typed: string) {
  const operator = await createSignedInOperator();
  as(operator);
  const jobId = `planner-${randomUUID().slice(0, 8)}`;
  const fields: Record<string, string> = {
    job_id: jobId,
    department: "Operations",
    role: "Planner",
    location: "The Hague",
    start_date: amsterdamDay(30),
    content_format: "markdown",
    nl_department: "Operations",
    nl_role: "Planner",
    nl_location: "Den Haag",
  };
  for (const field of OPENING_TEXTAREAS) {
    fields[field] = typed;
    fields[`nl_${field}`] = typed;
  }
  expect(await redirectOf(createOpeningAction({ message: null, fieldErrors: {} }, form(fields)))).toBe(`/ops/job-openings/${jobId}?notice=opening-created`);
  const db = await getDb();
  const english = await db.jobOpening.findUniqueOrThrow({ where: { jobId } });
  const dutch = await db.jobOpeningTranslation.findUniqueOrThrow({ where: { jobId_locale: { jobId, locale: "nl" } } });
  return { english, dutch };
}

beforeEach(async () => {
  await resetDatabase();
  actionRequest.jar.clear();
  actionRequest.headers = new Headers();
});

describe("every free-text field keeps text typed over several lines, stored with LF", () => {
  const FIELDS: [string, () => Promise<unknown>][] = [
    [
      "the request's details (/inputs)",
      async () => {
        const owner = await createSignedInUser();
        as(owner);
        const id = randomUUID();
        const posted = createRequestAction(emptyRequestForm(id), form({ request_id: id, task_type: "Painting", city: "Rotterdam", home_older_than_two_years: "no", date: amsterdamDay(3), details: TYPED }));
        expect(await redirectOf(posted)).toBe(`/inputs/criteria/${id}`);
        return (await (await getDb()).repairRequest.findUniqueOrThrow({ where: { id } })).details;
      },
    ],
    [
      "the review",
      async () => {
        const { owner, nina, requestId, offerId } = await offered();
        as(nina);
        await steps.acceptOfferAction(IDLE_STEP, inPage({ offer_id: offerId }));
        await steps.markDoneAction(IDLE_STEP, inPage({ offer_id: offerId }));
        as(owner);
        expect(await steps.reviewAction(IDLE_STEP, inPage({ request_id: requestId, stars: "5", text: TYPED }))).toMatchObject({ message: null });
        return (await (await getDb()).review.findFirstOrThrow({ where: { requestId } })).text;
      },
    ],
    [
      "the handyman's reason to decline",
      async () => {
        const { nina, offerId } = await offered();
        as(nina);
        expect(await steps.declineOfferAction(IDLE_STEP, inPage({ offer_id: offerId, reason: TYPED }))).toMatchObject({ message: null });
        return (await (await getDb()).offer.findUniqueOrThrow({ where: { id: offerId } })).declineReason;
      },
    ],
    [
      "a message in a thread",
      async () => {
        const { owner, threadId } = await offered();
        as(owner);
        expect(await sendMessageAction(IDLE_STEP, inPage({ thread: threadId, body: TYPED }))).toMatchObject({ message: null });
        return (await (await getDb()).threadMessage.findFirstOrThrow({ where: { threadId } })).body;
      },
    ],
    [
      "the reason a thread is reported",
      async () => {
        const { nina, threadId } = await offered();
        as(nina);
        expect(await reportThreadAction(IDLE_STEP, inPage({ thread: threadId, reason: TYPED }))).toMatchObject({ message: null });
        return (await (await getDb()).messageThread.findUniqueOrThrow({ where: { id: threadId } })).reportReason;
      },
    ],
    [
      "the operator's reason to cancel for the homeowner",
      async () => {
        const { requestId } = await offered();
        as(await createSignedInOperator());
        const state = await cancelForHomeownerAction(IDLE_STEP, inPage({ request_id: requestId, state: "offered", reason: TYPED, password: OPERATOR_PASSWORD }));
        expect(state).toMatchObject({ message: null });
        const event = await (await getDb()).requestEvent.findFirstOrThrow({ where: { requestId, toState: "cancelled" } });
        return event.note;
      },
    ],
    ["the applicant's introduction (/join)", async () => (await applied({ intro: TYPED })).intro],
    [
      "the operator's reason to reject an application",
      async () => {
        const application = await applied();
        as(await createSignedInOperator());
        expect(await rejectApplicationAction(IDLE_STEP, inPage({ application_id: application.id, reason: TYPED }))).toMatchObject({ message: null });
        return (await (await getDb()).handymanApplication.findUniqueOrThrow({ where: { id: application.id } })).rejectReason;
      },
    ],
    [
      "the handyman's introduction on their profile",
      async () => {
        const nina = await createSignedInHandyman(NINA);
        as(nina);
        const fields = { task_types: "Painting", cities: "Rotterdam", hourly_price: "45", intro: TYPED, weekdays: "1", daily_capacity: "2" };
        expect(await saveProfileAction(IDLE_PROFILE_FORM, inPage(fields))).toMatchObject({ message: null });
        return (await (await getDb()).handyman.findUniqueOrThrow({ where: { id: NINA } })).intro;
      },
    ],
    [
      "every textarea of a job opening, in English and in Dutch",
      async () => {
        const { english, dutch } = await openingPostedWith(TYPED);
        const columns = ["description", "overview", "requirementsSource", "benefitsSource", "interviewTime", "apply", "about"] as const;
        const stored = (row: typeof english | typeof dutch) => [...new Set(columns.map((column) => row[column]))];
        expect(stored(dutch)).toEqual(stored(english));
        const [only, ...others] = stored(english);
        expect(others).toEqual([]);
        return only;
      },
    ],
  ];

  it.each(FIELDS)("%s", async (_, postAndRead) => {
    expect(await postAndRead()).toBe(STORED);
  });
});
