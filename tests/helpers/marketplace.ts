// Parties of the marketplace for handler tests: a homeowner's request made through the API, a sample
// handyman who signs in (linked to their row in handymen), and short ways to call the new routes.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import * as inputsRoute from "../../app/api/inputs/route";
import * as criteriaRoute from "../../app/api/inputs/[key]/criteria/route";
import { getDb } from "./db";
import { amsterdamDay, apiRequest, createSignedInUser, routeContext, type TestUser } from "./session";

export type TestHandyman = TestUser & { handymanId: number };

/** Signs in the sample handyman `handymanId` under a new handyman account. */
export async function createSignedInHandyman(handymanId: number, email = `pro-${handymanId}-${randomUUID()}@example.test`): Promise<TestHandyman> {
  const user = await createSignedInUser(email);
  const db = await getDb();
  await db.user.update({ where: { id: user.id }, data: { role: "handyman" } });
  await db.handyman.update({ where: { id: handymanId }, data: { userId: user.id } });
  return { ...user, handymanId };
}

export type NewRequest = { taskType: string; city: string; date?: string; details?: string; homeOlderThanTwoYears?: boolean };

/** Stores a request for `owner` through POST /api/inputs and returns its id. */
export async function submitRequest(owner: TestUser, request: NewRequest): Promise<string> {
  const id = randomUUID();
  const response = await inputsRoute.POST(
    apiRequest("POST", "/api/inputs", {
      cookie: owner.cookie,
      body: { input_id: id, user_email: owner.email, task_type: request.taskType, city: request.city, details: request.details ?? "", date: request.date ?? amsterdamDay(3), criteria: "", ...(request.homeOlderThanTwoYears === undefined ? {} : { home_older_than_two_years: request.homeOlderThanTwoYears }) },
    }),
    routeContext(),
  );
  expect(response.status).toBe(200);
  return id;
}

/** Saves a criterion through POST /api/inputs/{id}/criteria, which offers the request. */
export async function chooseCriterion(owner: TestUser, id: string, criteria: string, where: NewRequest): Promise<Response> {
  return criteriaRoute.POST(
    apiRequest("POST", `/api/inputs/${id}/criteria`, { cookie: owner.cookie, body: { criteria, city: where.city, task_type: where.taskType } }),
    routeContext({ key: id }),
  );
}

/** The request's state and its offers, oldest first, straight from the database. */
export async function storedLife(id: string) {
  const db = await getDb();
  const request = await db.repairRequest.findUniqueOrThrow({ where: { id }, select: { state: true, date: true, proposedDate: true } });
  const offers = await db.offer.findMany({ where: { requestId: id }, orderBy: { createdAt: "asc" }, select: { id: true, handymanId: true, status: true, declineReason: true, expiresAt: true } });
  const events = await db.requestEvent.findMany({ where: { requestId: id }, orderBy: { id: "asc" }, select: { action: true, fromState: true, toState: true, actorRole: true, actorUserId: true, handymanId: true, note: true } });
  return { ...request, offers, events };
}

/** The open offer of a request (there is at most one). */
export async function openOfferOf(id: string) {
  const db = await getDb();
  return db.offer.findFirstOrThrow({ where: { requestId: id, status: "open" }, select: { id: true, handymanId: true, expiresAt: true } });
}

/** Mail queued to `to`, oldest first. */
export async function mailTo(to: string) {
  const db = await getDb();
  return db.outboxMessage.findMany({ where: { recipient: to }, orderBy: { createdAt: "asc" }, select: { subject: true, text: true } });
}
