// Web push for real, without the internet (issue 35): a browser-like subscription to a push service of the
// test's own on 127.0.0.1, the app sending through web-push (VAPID, aes128gcm) from its push outbox, the
// payload decrypted with the subscription's keys; a 410 removing the device, a hanging service retried;
// bad subscriptions refused with nothing stored; the choices per kind deciding mail and push; devices
// removed on "sign out everywhere" and with the account; the export listing them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as subscriptionsRoute from "../../app/api/push/subscriptions/route";
import * as preferencesRoute from "../../app/api/account/notifications/route";
import { deliverPush, defaultPushRetry } from "../../lib/push/delivery";
import { MAX_DEVICES } from "../../lib/push/subscriptions";
import { pushSubscriptionSchema } from "../../lib/validations/notifications";
import { endAllSessions } from "../../lib/auth/sessions";
import { deleteAccount } from "../../lib/account/delete";
import { exportAccountData } from "../../lib/account/export";
import { sendThreadDigest } from "../../lib/messages/digest";
import { postMessage } from "../../lib/messages/threads";
import { listThreadsOfRequest } from "../../lib/messages/threads";
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { call } from "../helpers/fuzz";
import { chooseCriterion, createSignedInHandyman, mailTo, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { browserSubscription, decryptPush, startPushService, type TestPushService } from "../helpers/push";
import { paidJob, startTestPayments, type TestPayments } from "../helpers/payments";
import { amsterdamDay, apiRequest, createSignedInUser, createUserWithPassword, type TestUser } from "../helpers/session";
import { agreedDayStart } from "../../lib/payments/cancellation";
import { sayOnMyWay } from "../../lib/requests/no-show";

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const POLICY = { ...defaultPushRetry(1000), timeoutMs: 1000 };

let service: TestPushService;
let owner: TestUser;
let nina: TestHandyman;

beforeAll(async () => {
  service = await startPushService();
});

afterAll(async () => {
  await service.stop();
});

beforeEach(async () => {
  await resetDatabase();
  service.received.length = 0;
  service.answer(201);
  owner = await createSignedInUser("owner@example.test");
  nina = await createSignedInHandyman(18, "nina@example.test");
});

const subscribe = (who: { cookie: string }, body: unknown, userAgent = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36") =>
  call(subscriptionsRoute.POST, apiRequest("POST", "/api/push/subscriptions", { cookie: who.cookie, body, headers: { "user-agent": userAgent } }));
const unsubscribe = (who: { cookie: string }, body: unknown) => call(subscriptionsRoute.DELETE, apiRequest("DELETE", "/api/push/subscriptions", { cookie: who.cookie, body }));
const choose = (who: { cookie: string }, body: unknown) => call(preferencesRoute.PUT, apiRequest("PUT", "/api/account/notifications", { cookie: who.cookie, body }));

async function queuedPushes() {
  return (await getDb()).pushOutboxMessage.findMany({ orderBy: { createdAt: "asc" }, select: { id: true, eventKey: true, attempts: true, sentAt: true, failedAt: true, nextAttemptAt: true, subscriptionId: true } });
}

async function deliverAll() {
  const db = await getDb();
  const outcomes = [];
  for (const { id } of await queuedPushes()) outcomes.push(await deliverPush(db, null, id, POLICY));
  return outcomes;
}

async function offerToNina(): Promise<string> {
  const requestId = await submitRequest(owner, LEAK);
  expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
  return requestId;
}

describe("a push to a subscribed device", () => {
  it("arrives at the device's push service encrypted (aes128gcm) and signed (VAPID), and decrypts to the offer in the handyman's words, naming no contact details", async () => {
    const device = browserSubscription(service);
    expect(await subscribe(nina, device.json)).toMatchObject({ status: 201 });
    await offerToNina();
    const [queued] = await queuedPushes();
    expect(queued.eventKey).toMatch(/^offer:/);
    expect(await deliverAll()).toEqual(["sent"]);
    expect(service.received).toHaveLength(1);
    const [push] = service.received;
    expect(push.path).toBe(new URL(device.endpoint).pathname);
    expect(push.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const payload = decryptPush(push, device) as { title: string; body: string; url: string; lang: string; tag: string };
    expect(payload).toMatchObject({ url: "/pro", lang: "en" });
    expect(payload.title).toMatch(/^New request: .*Rotterdam/);
    expect(payload.body).toMatch(/^Answer before /);
    expect(JSON.stringify(payload)).not.toMatch(/owner@example\.test|@/);
    const db = await getDb();
    expect((await db.pushOutboxMessage.findUniqueOrThrow({ where: { id: queued.id } })).sentAt).not.toBeNull();
    expect((await db.pushSubscription.findFirstOrThrow({ where: { endpoint: device.endpoint } })).lastSuccessAt).not.toBeNull();
    // The same event again pushes nothing more to the device: one push per event and device.
    expect(await deliverAll()).toEqual(["skipped"]);
    expect(service.received).toHaveLength(1);
  });

  it("is written in the reader's language and opens the page in it", async () => {
    await (await getDb()).user.update({ where: { id: nina.id }, data: { locale: "nl" } });
    const device = browserSubscription(service);
    expect((await subscribe(nina, device.json)).status).toBe(201);
    await offerToNina();
    await deliverAll();
    const payload = decryptPush(service.received[0], device) as { title: string; url: string; lang: string };
    expect(payload).toMatchObject({ url: "/nl/pro", lang: "nl" });
    expect(payload.title).toMatch(/^Nieuwe aanvraag: /);
  });

  it("goes to every device of the person, once each", async () => {
    const phone = browserSubscription(service);
    const laptop = browserSubscription(service);
    expect((await subscribe(nina, phone.json)).status).toBe(201);
    expect((await subscribe(nina, laptop.json)).status).toBe(201);
    await offerToNina();
    expect(await deliverAll()).toEqual(["sent", "sent"]);
    expect(service.received.map((push) => push.path).sort()).toEqual([new URL(phone.endpoint).pathname, new URL(laptop.endpoint).pathname].sort());
  });

  it("removes the device when the push service answers 410 Gone (and 404), queuing nothing for it again", async () => {
    const device = browserSubscription(service);
    expect((await subscribe(nina, device.json)).status).toBe(201);
    service.answer(410);
    await offerToNina();
    expect(await deliverAll()).toEqual(["gone"]);
    const db = await getDb();
    expect(await db.pushSubscription.count()).toBe(0);
    expect(await db.pushOutboxMessage.count()).toBe(0);
    const again = browserSubscription(service);
    expect((await subscribe(nina, again.json)).status).toBe(201);
    service.answer(404);
    await offerToNina();
    expect(await deliverAll()).toEqual(["gone"]);
    expect(await db.pushSubscription.count()).toBe(0);
  });

  it("cuts a push service that never answers off at the timeout and tries again later, then sends it", async () => {
    const device = browserSubscription(service);
    expect((await subscribe(nina, device.json)).status).toBe(201);
    service.answer("hang");
    await offerToNina();
    const started = Date.now();
    expect(await deliverAll()).toEqual(["retry"]);
    expect(Date.now() - started).toBeLessThan(5000);
    const [row] = await queuedPushes();
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Due again (as the queue's retry would find it): the service answers now.
    await (await getDb()).pushOutboxMessage.update({ where: { id: row.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    service.answer(201);
    expect(await deliverAll()).toEqual(["sent"]);
    expect((await queuedPushes())[0]).toMatchObject({ attempts: 2 });
  });
});

describe("the queue sends pushes by itself", () => {
  it("delivers a push queued by a step once the worker runs, without the step waiting for it", async () => {
    const { startWorker, stopWorker } = await import("../../lib/worker");
    const device = browserSubscription(service);
    expect((await subscribe(nina, device.json)).status).toBe(201);
    await startWorker({ pollingIntervalSeconds: 0.5 });
    try {
      await offerToNina();
      const deadline = Date.now() + 20_000;
      while (service.received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(service.received).toHaveLength(1);
      expect(decryptPush(service.received[0], device)).toMatchObject({ url: "/pro" });
    } finally {
      await stopWorker();
    }
  });
});

describe("the homeowner's on-my-way push", () => {
  let payments: TestPayments;
  beforeAll(async () => {
    payments = await startTestPayments();
  });
  afterAll(async () => {
    await payments.close();
  });

  it("reaches the homeowner's device when the handyman says On my way on the agreed day, in their language, opening their order", async () => {
    await (await getDb()).user.update({ where: { id: owner.id }, data: { locale: "nl" } });
    const date = amsterdamDay(3);
    const { requestId, offerId } = await paidJob(owner, nina, { ...LEAK, date }, { labour: { description: "Fix the leak", amount: "200", vatRate: "21" } }, payments);
    // Turned on after the payment, so the only push this device can get is the one of the day.
    const device = browserSubscription(service);
    expect((await subscribe(owner, device.json)).status).toBe(201);
    const before = (await queuedPushes()).length;
    await sayOnMyWay({ id: nina.id, email: nina.email }, offerId, new Date(agreedDayStart(date).getTime() + 9 * 3_600_000));
    const queued = (await queuedPushes()).slice(before);
    expect(queued).toHaveLength(1);
    expect(queued[0].eventKey).toMatch(/^on-my-way:/);
    await deliverAll();
    expect(service.received).toHaveLength(1);
    const payload = decryptPush(service.received[0], device) as { title: string; body: string; url: string; lang: string };
    expect(payload).toMatchObject({ url: `/nl/dashboard/orders/${requestId}`, lang: "nl" });
    expect(payload.title).toMatch(/ is onderweg$/);
    expect(JSON.stringify(payload)).not.toMatch(/@|€/);
  });
});

describe("choices per kind", () => {
  it("with mail off for offers, queues no offer mail but still the push; with push off, no push", async () => {
    const device = browserSubscription(service);
    expect((await subscribe(nina, device.json)).status).toBe(201);
    expect(await choose(nina, { preferences: [{ kind: "offer", mail: false, push: true }] })).toMatchObject({ status: 200, body: { preferences: { offer: { mail: false, push: true }, message: { mail: true, push: true } } } });
    await offerToNina();
    expect(await mailTo(nina.email)).toEqual([]);
    expect(await queuedPushes()).toHaveLength(1);

    await resetDatabase();
    owner = await createSignedInUser("owner@example.test");
    nina = await createSignedInHandyman(18, "nina@example.test");
    expect((await subscribe(nina, browserSubscription(service).json)).status).toBe(201);
    expect((await choose(nina, { preferences: [{ kind: "offer", mail: true, push: false }] })).status).toBe(200);
    await offerToNina();
    expect((await mailTo(nina.email)).length).toBe(1);
    expect(await queuedPushes()).toHaveLength(0);
  });

  it("refuses a kind that does not exist with 400, storing none of the choices sent with it", async () => {
    const before = await tablesFingerprint();
    const answer = await choose(nina, { preferences: [{ kind: "offer", mail: false, push: false }, { kind: "newsletter", mail: false, push: false }] });
    expect(answer).toMatchObject({ status: 400, body: { error: { code: "validation_failed" } } });
    expect(JSON.stringify(answer.body)).toContain("There is no such kind of notification.");
    expect(await tablesFingerprint()).toBe(before);
  });

  it("keeps the mails the law or safety needs out of the choices: a password reset is mailed whatever is chosen", async () => {
    const { NOTIFICATION_KINDS } = await import("../../lib/notifications/kinds");
    expect(NOTIFICATION_KINDS).not.toEqual(expect.arrayContaining(["password-reset"]));
    for (const kind of ["password-reset", "verify-email", "invoice", "account-deleted"]) {
      expect((await choose(nina, { preferences: [{ kind, mail: false, push: false }] })).status).toBe(400);
    }
  });

  it("pushes one digest for several new messages, not one push per message", async () => {
    const device = browserSubscription(service);
    expect((await subscribe(owner, device.json)).status).toBe(201);
    const requestId = await offerToNina();
    const [thread] = await listThreadsOfRequest(owner, requestId);
    for (const body of ["Hello", "Is Tuesday fine?", "I can bring the parts"]) await postMessage(nina, thread.id, body);
    const digest = await sendThreadDigest(thread.id, "homeowner", new Date(Date.now() + 2 * 60_000));
    expect(digest.count).toBe(3);
    const pushes = (await queuedPushes()).filter((row) => row.eventKey.startsWith("message:"));
    expect(pushes).toHaveLength(1);
    await deliverAll();
    const payload = decryptPush(service.received.at(-1)!, device) as { title: string; url: string };
    expect(payload.title).toBe("3 new messages");
    expect(payload.url).toBe(`/dashboard/orders/${requestId}/messages/${thread.id}`);
  });
});

describe("bad subscriptions", () => {
  const good = () => browserSubscription(service).json;
  const cases: [string, (json: ReturnType<typeof good>) => unknown][] = [
    ["an endpoint that is no URL", (json) => ({ ...json, endpoint: "not a url" })],
    ["an endpoint over http to the internet", (json) => ({ ...json, endpoint: "http://push.example.com/send/1" })],
    ["an endpoint on a private address", (json) => ({ ...json, endpoint: "https://10.0.0.7/push/1" })],
    ["an endpoint on the metadata service's link-local address", (json) => ({ ...json, endpoint: "https://169.254.169.254/latest/meta-data" })],
    ["an endpoint on IPv6 loopback", (json) => ({ ...json, endpoint: "https://[::1]/push/1" })],
    ["an endpoint on an IPv4-mapped private address", (json) => ({ ...json, endpoint: "https://[::ffff:192.168.1.1]/push/1" })],
    ["an endpoint named localhost", (json) => ({ ...json, endpoint: "https://localhost/push/1" })],
    ["an endpoint on a name inside the network", (json) => ({ ...json, endpoint: "https://push.internal/send" })],
    ["an endpoint on another port", (json) => ({ ...json, endpoint: "https://push.example.com:8443/send" })],
    ["an endpoint with credentials", (json) => ({ ...json, endpoint: "https://user:pw@push.example.com/send" })],
    ["a loopback endpoint other than 127.0.0.1", (json) => ({ ...json, endpoint: "http://127.0.0.2:9/push" })],
    ["a p256dh key of the wrong length", (json) => ({ ...json, keys: { ...json.keys, p256dh: json.keys.p256dh.slice(0, 40) } })],
    ["a p256dh key that is not a point", (json) => ({ ...json, keys: { ...json.keys, p256dh: Buffer.alloc(65, 7).toString("base64url") } })],
    ["an auth secret of the wrong length", (json) => ({ ...json, keys: { ...json.keys, auth: Buffer.alloc(12).toString("base64url") } })],
    ["keys that are not base64url", (json) => ({ ...json, keys: { p256dh: "!!!", auth: "***" } })],
    ["no keys", (json) => ({ endpoint: json.endpoint })],
    ["an extra key", (json) => ({ ...json, keys: { ...json.keys, extra: "x" } })],
  ];

  it.each(cases)("refuses %s with 400, storing nothing", async (_name, change) => {
    const before = await tablesFingerprint();
    const answer = await subscribe(nina, change(good()));
    expect(answer).toMatchObject({ status: 400, body: { error: { code: "validation_failed" } } });
    expect(await tablesFingerprint()).toBe(before);
  });

  it("takes no non-https endpoint when local endpoints are not allowed (production): not even 127.0.0.1", () => {
    const production = pushSubscriptionSchema(false);
    expect(production.safeParse(good()).success).toBe(false);
    expect(production.safeParse({ ...good(), endpoint: "https://fcm.googleapis.com/fcm/send/abc" }).success).toBe(true);
    expect(production.safeParse({ ...good(), endpoint: "https://updates.push.services.mozilla.com/wpush/v2/abc" }).success).toBe(true);
  });

  it(`caps an account at ${MAX_DEVICES} devices: the next is refused with 409 and stored nowhere; the same device again is fine`, async () => {
    const db = await getDb();
    const keys = good().keys;
    await db.pushSubscription.createMany({ data: Array.from({ length: MAX_DEVICES }, (_, i) => ({ userId: nina.id, endpoint: `${service.origin}/push/filled-${i}`, ...keys })) });
    const before = await tablesFingerprint();
    expect(await subscribe(nina, good())).toMatchObject({ status: 409, body: { error: { code: "conflict" } } });
    expect(await tablesFingerprint()).toBe(before);
    expect(await subscribe(nina, { endpoint: `${service.origin}/push/filled-3`, keys })).toMatchObject({ status: 200 });
    expect(await db.pushSubscription.count({ where: { userId: nina.id } })).toBe(MAX_DEVICES);
  });

  it("refuses a signed-out subscriber with 401", async () => {
    expect((await subscribe({ cookie: "" }, good())).status).toBe(401);
  });
});

describe("devices leave", () => {
  it("on turning push off on that device, and only the person's own: another's endpoint is a 404 and stays", async () => {
    const ninasPhone = browserSubscription(service);
    const ownersPhone = browserSubscription(service);
    expect((await subscribe(nina, ninasPhone.json)).status).toBe(201);
    expect((await subscribe(owner, ownersPhone.json)).status).toBe(201);
    expect(await unsubscribe(nina, { endpoint: ownersPhone.endpoint })).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
    expect(await (await getDb()).pushSubscription.count({ where: { endpoint: ownersPhone.endpoint } })).toBe(1);
    expect((await unsubscribe(nina, { endpoint: ninasPhone.endpoint })).status).toBe(204);
    expect(await (await getDb()).pushSubscription.count({ where: { endpoint: ninasPhone.endpoint } })).toBe(0);
  });

  it("on signing out everywhere", async () => {
    expect((await subscribe(nina, browserSubscription(service).json)).status).toBe(201);
    expect((await subscribe(owner, browserSubscription(service).json)).status).toBe(201);
    const db = await getDb();
    await db.$transaction((tx) => endAllSessions(tx, nina.id));
    expect(await db.pushSubscription.count({ where: { userId: nina.id } })).toBe(0);
    expect(await db.pushSubscription.count({ where: { userId: owner.id } })).toBe(1);
  });

  it("with the account, after the export listed them and the choices", async () => {
    const person = await createUserWithPassword("leaving@example.test", "a long enough password 123");
    const device = browserSubscription(service);
    expect((await subscribe(person, device.json, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Firefox/133.0")).status).toBe(201);
    expect((await choose(person, { preferences: [{ kind: "accepted", mail: false, push: true }] })).status).toBe(200);
    const exported = await exportAccountData(person);
    expect(exported.pushDevices).toEqual([expect.objectContaining({ device: "Firefox / Windows", pushService: device.endpoint, lastPushAt: null })]);
    expect(JSON.stringify(exported.pushDevices)).not.toContain(device.keys.auth);
    expect(exported.notificationChoices).toEqual([{ kind: "accepted", mail: false, push: true }]);
    expect((await deleteAccount(person.id, "a long enough password 123")).kind).toBe("deleted");
    const db = await getDb();
    expect(await db.pushSubscription.count({ where: { endpoint: device.endpoint } })).toBe(0);
    expect(await db.notificationPreference.count({ where: { userId: person.id } })).toBe(0);
  });
});
