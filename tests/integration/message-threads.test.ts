// Messages between homeowner and handyman (issue 24): the thread made with the offer, who may read and
// write, the refusals, the masking of contact details before acceptance, unread counts, reports and the
// mail digest. On PGlite by default, on PostgreSQL with TEST_DATABASE_URL.
import { beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { acceptOffer, declineOffer } from "../../lib/requests/workflow";
import { closeThread, listReportedThreads, listThreadsOfRequest, messageLimiter, postMessage, readThread, reportThread, threadsOfHandyman, unreadCounts } from "../../lib/messages/threads";
import { sendThreadDigest, DIGEST_INTERVAL_MS } from "../../lib/messages/digest";
import { maskContactDetails, maskedParts } from "../../lib/messages/masking";
import { exportAccountData } from "../../lib/account/export";
import { refusal } from "../helpers/refusal";
import { getDb, resetDatabase } from "../helpers/db";
import { chooseCriterion, createSignedInHandyman, mailTo, openOfferOf, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { createSignedInUser, type TestUser } from "../helpers/session";

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const NINA = 18;
const HIDDE = 10;
const MASK = "[contact details hidden until the job is accepted]";

let owner: TestUser;
let nina: TestHandyman;
let hidde: TestHandyman;
let requestId: string;
let threadId: string;

beforeEach(async () => {
  await resetDatabase();
  (globalThis as { __fixwellMessageLimiter?: unknown }).__fixwellMessageLimiter = undefined;
  owner = await createSignedInUser("owner@example.test");
  nina = await createSignedInHandyman(NINA, "nina@example.test");
  hidde = await createSignedInHandyman(HIDDE, "hidde@example.test");
  requestId = await submitRequest(owner, { ...LEAK, details: "The pipe under the sink drips." });
  expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
  expect((await openOfferOf(requestId)).handymanId).toBe(NINA);
  const threads = await listThreadsOfRequest(owner, requestId);
  expect(threads).toHaveLength(1);
  threadId = threads[0].id;
});

describe("a thread per request and handyman", () => {
  it("starts with the offer: the handyman asks before accepting and the homeowner answers", async () => {
    await postMessage(nina, threadId, "Is the pipe copper or plastic?");
    await postMessage(owner, threadId, "Copper, I think.");
    const forOwner = await readThread(owner, threadId, { locale: "en" });
    expect(forOwner.viewer).toBe("homeowner");
    expect(forOwner.open).toBe(true);
    expect(forOwner.messages.map((m) => [m.author, m.mine, m.body])).toEqual([
      ["handyman", false, "Is the pipe copper or plastic?"],
      ["homeowner", true, "Copper, I think."],
    ]);
    const forNina = await readThread(nina, threadId, { locale: "en" });
    expect(forNina.viewer).toBe("handyman");
    expect((await threadsOfHandyman(nina, [requestId])).get(requestId)?.id).toBe(threadId);
  });

  it("is unknown (404) to another homeowner, another handyman and an operator while nobody reported it", async () => {
    const stranger = await createSignedInUser("stranger@example.test");
    const operator = await createSignedInOperator();
    for (const outsider of [stranger, hidde, operator]) {
      expect(await refusal(readThread(outsider, threadId, { locale: "en" }))).toEqual({ code: "not_found", key: "thread.notFound" });
      expect(await refusal(postMessage(outsider, threadId, "hello"))).toEqual({ code: "not_found", key: "thread.notFound" });
      expect(await refusal(reportThread(outsider, threadId, null))).toEqual({ code: "not_found", key: "thread.notFound" });
    }
    expect(await refusal(readThread(owner, "not-a-uuid", { locale: "en" }))).toEqual({ code: "not_found", key: "thread.notFound" });
    expect(await refusal(listThreadsOfRequest(stranger, requestId))).toMatchObject({ code: "not_found" });
    expect((await threadsOfHandyman(hidde, [requestId])).size).toBe(0);
    expect(await (await getDb()).threadMessage.count()).toBe(0);
  });

  it("stays readable and takes nothing new once the handyman's offer lapsed (declined)", async () => {
    await postMessage(owner, threadId, "The tap is in the kitchen.");
    const offer = await openOfferOf(requestId);
    await declineOffer(nina, offer.id, "");
    expect(await refusal(postMessage(nina, threadId, "Sorry!"))).toEqual({ code: "conflict", key: "thread.lapsed" });
    expect(await refusal(postMessage(owner, threadId, "Why?"))).toEqual({ code: "conflict", key: "thread.lapsed" });
    const view = await readThread(nina, threadId, { locale: "en" });
    expect(view.open).toBe(false);
    expect(view.messages).toHaveLength(1);
  });

  it("refuses an empty message, 2,001 characters, a NUL and a lone surrogate with 400, storing nothing", async () => {
    for (const [body, key] of [
      ["", "thread.empty"],
      ["   \n ", "thread.empty"],
      [undefined, "thread.empty"],
      ["x".repeat(2001), "thread.tooLong"],
      ["a\u0000b", "thread.badCharacters"],
      ["a\uD800b", "thread.badCharacters"],
    ] as const) {
      expect(await refusal(postMessage(owner, threadId, body))).toEqual({ code: "validation_failed", key });
    }
    await postMessage(owner, threadId, "é".repeat(2000));
    await postMessage(owner, threadId, "🔧".repeat(2000));
    expect(await (await getDb()).threadMessage.count()).toBe(2);
  });

  it("refuses the 31st message in ten minutes with 429", async () => {
    for (let i = 0; i < 30; i++) await postMessage(owner, threadId, `message ${i}`);
    const error = await postMessage(owner, threadId, "one too many").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("rate_limited");
    expect((error as ApiError).headers?.["Retry-After"]).toMatch(/^\d+$/);
    expect(await (await getDb()).threadMessage.count()).toBe(30);
    await messageLimiter().refund(owner.id);
  });
});

describe("contact details before acceptance", () => {
  it("masks emails and phone numbers for the reader until the offer is accepted, and stores them as written", async () => {
    const written = "Call me on 06-12345678 or +31 20 123 4567, or mail jan.de.vries@example.nl. The pipe is 15 mm, 3 years old.";
    await postMessage(owner, threadId, written);
    const beforeForNina = await readThread(nina, threadId, { locale: "en" });
    expect(beforeForNina.messages[0].body).toBe(`Call me on ${MASK} or ${MASK}, or mail ${MASK}. The pipe is 15 mm, 3 years old.`);
    expect((await readThread(owner, threadId, { locale: "en" })).messages[0].body).toBe(written);
    expect((await readThread(nina, threadId, { locale: "nl" })).messages[0].body).toContain("[contactgegevens verborgen tot de klus is aangenomen]");
    expect((await (await getDb()).threadMessage.findFirstOrThrow()).body).toBe(written);

    await acceptOffer(nina, (await openOfferOf(requestId)).id);
    const after = await readThread(nina, threadId, { locale: "en" });
    expect(after.accepted).toBe(true);
    expect(after.messages[0].body).toBe(written);
    expect(after.open).toBe(true);
  });

  it("masks a number hidden with zero-width spaces and Arabic-Indic digits and an address spelled out, as the reader sees the thread", async () => {
    const written = "Bel \u200b٠٦\u200b١٢٣٤٥٦٧٨ of mail jan apenstaartje voorbeeld punt nl, op 12-03 om 10:00.";
    await postMessage(owner, threadId, written);
    expect((await readThread(nina, threadId, { locale: "en" })).messages[0].body).toBe(`Bel \u200b${MASK} of mail ${MASK}, op 12-03 om 10:00.`);
  });

  it("gives a page each hidden detail apart from the text, so the placeholder's words typed by a person stay their text", async () => {
    await postMessage(owner, threadId, `Call me on 06-12345678.\r\nOr mail ${MASK} jan@example.nl`);
    const [forNina] = (await readThread(nina, threadId, { locale: "en" })).messages;
    expect(forNina.parts).toEqual([{ text: "Call me on " }, { hidden: true }, { text: `.\nOr mail ${MASK} ` }, { hidden: true }]);
    const [forOwner] = (await readThread(owner, threadId, { locale: "en" })).messages;
    expect(forOwner.parts).toEqual([{ text: forOwner.body }]);
  });

  it("leaves ordinary numbers alone", () => {
    expect(maskContactDetails("Between 9 and 17, on 2026-12-01, about 120 euros", "X")).toBe("Between 9 and 17, on 2026-12-01, about 120 euros");
    expect(maskContactDetails("0612345678", "X")).toBe("X");
    expect(maskContactDetails("a@b.co", "X")).toBe("X");
    expect(maskedParts("Between 9 and 17, on 2026-12-01")).toEqual([{ text: "Between 9 and 17, on 2026-12-01" }]);
    expect(maskedParts("0612345678")).toEqual([{ hidden: true }]);
  });
});

describe("unread counts", () => {
  it("count the other side's messages until the thread is read", async () => {
    await postMessage(nina, threadId, "One");
    await postMessage(nina, threadId, "Two");
    expect((await unreadCounts(owner)).total).toBe(2);
    expect((await unreadCounts(owner)).byRequest.get(requestId)).toBe(2);
    expect((await unreadCounts(nina)).total).toBe(0);
    expect((await listThreadsOfRequest(owner, requestId))[0].unread).toBe(2);
    await readThread(owner, threadId, { locale: "en", now: new Date(Date.now() + 1000) });
    expect((await unreadCounts(owner)).total).toBe(0);
    await postMessage(owner, threadId, "Three", new Date(Date.now() + 2000));
    expect((await threadsOfHandyman(nina, [requestId])).get(requestId)?.unread).toBe(1);
  });
});

describe("reports", () => {
  it("let an operator read a reported thread (audited) and close it; a closed thread takes nothing new", async () => {
    const operator = await createSignedInOperator();
    await postMessage(owner, threadId, "Mail me at me@example.nl");
    await reportThread(nina, threadId, "Asks for contact before accepting");
    const reported = await listReportedThreads();
    expect(reported).toMatchObject([{ id: threadId, requestId, reportedBy: "handyman", reason: "Asks for contact before accepting", closed: false }]);
    const view = await readThread(operator, threadId, { locale: "en" });
    expect(view.viewer).toBe("operator");
    expect(view.messages[0].body).toBe("Mail me at me@example.nl");
    const db = await getDb();
    expect(await db.auditEntry.count({ where: { action: "thread.read", actorId: operator.id, targetId: requestId } })).toBe(1);
    expect(await refusal(closeThread(owner, threadId))).toMatchObject({ code: "not_found" });
    await closeThread(operator, threadId);
    expect(await db.auditEntry.count({ where: { action: "thread.close", actorId: operator.id } })).toBe(1);
    expect(await refusal(postMessage(owner, threadId, "Hello?"))).toEqual({ code: "conflict", key: "thread.closed" });
    expect((await readThread(owner, threadId, { locale: "en" })).closed).toBe(true);
  });
});

describe("the mail digest", () => {
  it("names how many arrived, in the reader's language, at most once per 15 minutes, and none when read meanwhile", async () => {
    const db = await getDb();
    await db.user.update({ where: { id: owner.id }, data: { locale: "nl" } });
    const t0 = new Date(Date.now() + 1000);
    await postMessage(nina, threadId, "One", t0);
    await postMessage(nina, threadId, "Two", new Date(t0.getTime() + 1000));
    expect(await sendThreadDigest(threadId, "homeowner", new Date(t0.getTime() + 60_000))).toEqual({ count: 2 });
    const mail = await mailTo(owner.email);
    expect(mail.filter((m) => m.subject.includes("nieuwe berichten"))).toHaveLength(1);
    expect(mail.at(-1)?.text).toContain(`/nl/dashboard/orders/${requestId}/messages/${threadId}`);

    await postMessage(nina, threadId, "Three", new Date(t0.getTime() + 120_000));
    const early = await sendThreadDigest(threadId, "homeowner", new Date(t0.getTime() + 180_000));
    expect(early.count).toBe(0);
    expect(early.retryAt?.getTime()).toBe(t0.getTime() + 60_000 + DIGEST_INTERVAL_MS);

    await readThread(owner, threadId, { locale: "nl", now: new Date(t0.getTime() + 200_000) });
    expect(await sendThreadDigest(threadId, "homeowner", new Date(t0.getTime() + 60_000 + DIGEST_INTERVAL_MS))).toEqual({ count: 0 });
    expect((await mailTo(owner.email)).filter((m) => m.subject.includes("bericht"))).toHaveLength(1);
  });
});

describe("the export", () => {
  it("holds the messages the person wrote and the threads they reported", async () => {
    await postMessage(owner, threadId, "Hello from me");
    await postMessage(nina, threadId, "Hello from Nina");
    await reportThread(owner, threadId, "");
    const data = await exportAccountData(owner);
    const written = [];
    for await (const message of data.messagesWritten) written.push(message);
    expect(written).toMatchObject([{ conversation: threadId, requestId, text: "Hello from me" }]);
    expect(data.conversationsReported).toMatchObject([{ conversation: threadId, reason: null }]);
  });

  it("holds the messages each side received and the operators' looks at their conversation, and nobody else's", async () => {
    await postMessage(owner, threadId, "Hello from me");
    await postMessage(nina, threadId, "Hello from Nina");
    await reportThread(owner, threadId, "");
    const operator = await createSignedInOperator();
    await readThread(operator, threadId, { locale: "en" });
    const all = async <T>(items: AsyncIterable<T>) => {
      const out: T[] = [];
      for await (const item of items) out.push(item);
      return out;
    };
    for (const [who, received] of [[owner, "Hello from Nina"], [nina, "Hello from me"]] as const) {
      const data = await exportAccountData(who);
      expect(await all(data.messagesReceived)).toMatchObject([{ conversation: threadId, requestId, text: received, senderDeletedAccount: false }]);
      expect(await all(data.operatorViews)).toMatchObject([{ action: "thread.read", requestId, details: { threadId } }]);
    }
    const stranger = await exportAccountData(await createSignedInUser("stranger@example.test"));
    expect(await all(stranger.messagesReceived)).toEqual([]);
    expect(await all(stranger.operatorViews)).toEqual([]);
  });
});
