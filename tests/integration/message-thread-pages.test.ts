// The console's page of a reported thread pages like the lib (issue 24): the newest messages with a link to
// the earlier ones, the earlier ones by the link's cursor, and a cursor that is not this operator's for
// this thread said on the page above the newest messages (as the other paged pages do), never a 500.
// On PGlite by default, on PostgreSQL with TEST_DATABASE_URL.
import { beforeAll, describe, expect, it } from "vitest";
import { actionRequest } from "../helpers/server-action";
import { getDb, resetDatabase } from "../helpers/db";
import { elementTreeText } from "../helpers/element-tree";
import { chooseCriterion, createSignedInHandyman, submitRequest } from "../helpers/marketplace";
import { createSignedInOperator } from "../helpers/ops";
import { createSignedInUser, type TestUser } from "../helpers/session";

const { default: OpsThreadPage } = await import("@/app/[locale]/ops/threads/[threadId]/page");
const { ThreadPaging } = await import("@/components/messages/thread-view");
const { listThreadsOfRequest, readThread, reportThread, THREAD_PAGE_SIZE } = await import("@/lib/messages/threads");

const BAD = "That page link is not valid here";
let owner: TestUser;
let threadId: string;

beforeAll(async () => {
  await resetDatabase();
  owner = await createSignedInUser("pages-owner@example.test");
  const nina = await createSignedInHandyman(18, "pages-nina@example.test");
  const where = { taskType: "Pipe-leakage", city: "Rotterdam" };
  const requestId = await submitRequest(owner, where);
  expect((await chooseCriterion(owner, requestId, "price", where)).status).toBe(200);
  threadId = (await listThreadsOfRequest(owner, requestId))[0].id;
  await (await getDb()).threadMessage.createMany({
    data: Array.from({ length: THREAD_PAGE_SIZE + 3 }, (_, i) => ({ threadId, authorId: i % 2 ? owner.id : nina.id, body: `line ${i + 1}.`, createdAt: new Date("2026-11-20T10:00:00.000Z") })),
  });
  await reportThread(owner, threadId, "Rude");
  const operator = await createSignedInOperator("pages-ops@example.test");
  actionRequest.headers = new Headers({ cookie: operator.cookie });
}, 60_000);

const page = async (cursor?: string) => elementTreeText(await OpsThreadPage({ params: Promise.resolve({ threadId }), searchParams: Promise.resolve({ cursor }) }));

describe("/ops/threads/{id}", () => {
  it("shows the newest messages, and the earlier ones by the cursor it hands its links", async () => {
    const newest = await page();
    expect(newest).toContain(`line ${THREAD_PAGE_SIZE + 3}.`);
    expect(newest).toContain("line 4.");
    expect(newest).not.toContain("line 3.");
    expect(newest).not.toContain(BAD);
    // The page hands the earlier page's cursor to its links.
    const cursor = /\b[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}\b/.exec(newest)?.[0];
    expect(cursor).toBeDefined();
    const earlier = await page(cursor);
    expect(earlier).toContain("line 1.");
    expect(earlier).toContain("line 3.");
    expect(earlier).not.toContain("line 4.");
    expect(earlier).not.toContain(BAD);
  });

  it("links to the earlier page, and from it to the later and the newest, by plain links", () => {
    const text = { label: "Pages", earlier: "Earlier messages", later: "Later messages", newest: "Newest messages" };
    const links = (thread: { earlier: string | null; later: string | null }) => elementTreeText(ThreadPaging({ thread, path: "/ops/threads/t", text }));
    expect(links({ earlier: "a.b", later: null })).toMatch(/\/ops\/threads\/t\?cursor=a\.b.*Earlier messages/);
    expect(links({ earlier: "a.b", later: null })).not.toContain("Later messages");
    const middle = links({ earlier: "a.b", later: "c.d" });
    expect(middle).toContain("/ops/threads/t?cursor=c.d");
    expect(middle).toContain("Later messages");
    expect(middle).toContain("Newest messages");
    expect(ThreadPaging({ thread: { earlier: null, later: null }, path: "/ops/threads/t", text })).toBeNull();
  });

  it("says so above the newest messages for a forged cursor or the homeowner's", async () => {
    const ownersCursor = (await readThread(owner, threadId, { locale: "en" })).earlier!;
    for (const bad of ["forged.cursor", ownersCursor]) {
      const shown = await page(bad);
      expect(shown).toContain(BAD);
      expect(shown).toContain(`line ${THREAD_PAGE_SIZE + 3}.`);
    }
  });
});
