// GETs that write something refuse a request from another site (issue 37, item 7). A top-level navigation
// carries the SameSite=Lax session cookie, so a link on another site could make an operator write forged
// `photo.view` and `thread.read` audit entries, or mark a party's thread read (holding back their digest).
// Every such GET: the photo (API), a thread's messages (API), the console's page of a reported thread and
// the parties' thread pages. Sec-Fetch-Site "cross-site" and "same-site" are refused; "same-origin", "none"
// and no header at all are answered as before.
import { actionRequest } from "../helpers/server-action";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, resetDatabase } from "../helpers/db";
import { elementTreeText } from "../helpers/element-tree";
import { chooseCriterion, createSignedInHandyman, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { plainPng, uploadedPhotoId, warmUpPhotoIntake } from "../helpers/photos";
import { createSignedInUser, routeContext, type TestUser } from "../helpers/session";
import * as photoRoute from "../../app/api/requests/[requestId]/photos/[photoId]/route";
import * as messagesRoute from "../../app/api/threads/[threadId]/messages/route";

const { default: OpsThreadPage } = await import("@/app/[locale]/ops/threads/[threadId]/page");
const { loadThreadFor } = await import("@/components/messages/thread-page");
const { listThreadsOfRequest, postMessage, reportThread } = await import("@/lib/messages/threads");

const OTHER_SITES = ["cross-site", "same-site"] as const;
const OUR_SITE = ["same-origin", "none", undefined] as const;

let owner: TestUser;
let nina: TestHandyman;
let operator: TestUser;
let requestId: string;
let photoId: string;
let threadId: string;

beforeAll(warmUpPhotoIntake, 120_000);

beforeEach(async () => {
  await resetDatabase();
  owner = await createSignedInUser("cross-site-owner@example.test");
  nina = await createSignedInHandyman(18, "cross-site-nina@example.test");
  operator = await createSignedInOperator("cross-site-ops@example.test");
  const where = { taskType: "Pipe-leakage", city: "Rotterdam" };
  requestId = await submitRequest(owner, where);
  photoId = await uploadedPhotoId(owner, requestId, await plainPng());
  expect((await chooseCriterion(owner, requestId, "price", where)).status).toBe(200);
  threadId = (await listThreadsOfRequest(owner, requestId))[0].id;
  await postMessage(nina, threadId, "The pipe is older than the house.");
  await reportThread(owner, threadId, "Rude");
});

const headersFor = (user: TestUser, site: string | undefined): Record<string, string> => ({ cookie: user.cookie, ...(site ? { "sec-fetch-site": site } : {}) });

function getPhoto(user: TestUser, site: string | undefined): Promise<Response> {
  const req = new Request(`http://localhost:3000/api/requests/${requestId}/photos/${photoId}?size=thumb`, { headers: headersFor(user, site) });
  return photoRoute.GET(req, routeContext({ requestId, photoId }));
}

function getMessages(user: TestUser, site: string | undefined): Promise<Response> {
  const req = new Request(`http://localhost:3000/api/threads/${threadId}/messages`, { headers: headersFor(user, site) });
  return messagesRoute.GET(req, routeContext({ threadId }));
}

const audited = async (action: string) => (await getDb()).auditEntry.count({ where: { action } });
const homeownerReadAt = async () => (await (await getDb()).messageThread.findUniqueOrThrow({ where: { id: threadId }, select: { homeownerReadAt: true } })).homeownerReadAt;

async function refusal(response: Response) {
  return { status: response.status, body: (await response.json()) as unknown };
}

const FORBIDDEN = { status: 403, body: { error: { code: "forbidden", message: "Cross-site requests are not accepted." } } };

describe("GET /api/requests/{id}/photos/{photoId}", () => {
  it("refuses a request from another site with 403 in the error shape, and writes no photo.view for the operator", async () => {
    for (const site of OTHER_SITES) {
      expect(await refusal(await getPhoto(operator, site))).toEqual(FORBIDDEN);
      expect(await refusal(await getPhoto(owner, site))).toEqual(FORBIDDEN);
    }
    expect(await audited("photo.view")).toBe(0);
    for (const site of OUR_SITE) expect((await getPhoto(operator, site)).status).toBe(200);
    expect(await audited("photo.view")).toBe(OUR_SITE.length);
    expect((await getPhoto(owner, "same-origin")).status).toBe(200);
  });
});

describe("GET /api/threads/{id}/messages", () => {
  it("refuses a request from another site with 403: no thread.read for the operator, and the party's thread stays unread", async () => {
    const unread = await homeownerReadAt();
    for (const site of OTHER_SITES) {
      expect(await refusal(await getMessages(operator, site))).toEqual(FORBIDDEN);
      expect(await refusal(await getMessages(owner, site))).toEqual(FORBIDDEN);
    }
    expect(await audited("thread.read")).toBe(0);
    expect(await homeownerReadAt()).toEqual(unread);

    expect((await getMessages(operator, "same-origin")).status).toBe(200);
    expect(await audited("thread.read")).toBe(1);
    expect((await getMessages(owner, "same-origin")).status).toBe(200);
    expect(await homeownerReadAt()).not.toEqual(unread);
  });
});

describe("/ops/threads/{id}", () => {
  const page = async () => elementTreeText(await OpsThreadPage({ params: Promise.resolve({ threadId }), searchParams: Promise.resolve({}) }));

  it("opened from another site shows nothing of the thread, only a link to open it here, and writes no thread.read", async () => {
    for (const site of OTHER_SITES) {
      actionRequest.headers = new Headers(headersFor(operator, site));
      const shown = await page();
      expect(shown).toContain("opened from another site, so it is not shown");
      expect(shown).toContain(`/ops/threads/${threadId}`);
      expect(shown).not.toContain("older than the house");
    }
    expect(await audited("thread.read")).toBe(0);

    actionRequest.headers = new Headers(headersFor(operator, "same-origin"));
    const opened = await page();
    expect(opened).toContain("older than the house");
    expect(opened).not.toContain("opened from another site");
    expect(await audited("thread.read")).toBe(1);
  });
});

describe("the parties' thread pages", () => {
  it("opened from another site show the thread without marking it read, and say so in the page's language", async () => {
    const unread = await homeownerReadAt();
    for (const site of OTHER_SITES) {
      actionRequest.headers = new Headers(headersFor(owner, site));
      const english = await loadThreadFor("homeowner", threadId, "en", { requestId });
      expect(english.thread.messages.map((message) => message.body)).toEqual(["The pipe is older than the house."]);
      expect(english.problem).toMatch(/from another site, so this conversation is not marked as read/);
      const dutch = await loadThreadFor("homeowner", threadId, "nl", { requestId });
      expect(dutch.problem).toMatch(/via een andere site, dus dit gesprek is niet als gelezen gemarkeerd/);
    }
    expect(await homeownerReadAt()).toEqual(unread);

    actionRequest.headers = new Headers(headersFor(owner, "same-origin"));
    const opened = await loadThreadFor("homeowner", threadId, "en", { requestId });
    expect(opened.problem).toBeNull();
    expect(await homeownerReadAt()).not.toEqual(unread);
  });
});
