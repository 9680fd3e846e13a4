// Photos of a problem with the work (issue #34): once the homeowner reported a problem with their finished,
// paid job, they add photos to the report through the photo pipeline (checked, decoded, re-encoded without
// metadata, the same limits: five per report); the handyman holding the job sees them with the job and in
// the API, the operator on the dispute's page. Refused with a clear 4xx and nothing stored: on someone
// else's job, by the handyman, on a job with no open report (none yet, or withdrawn), a sixth, not an image;
// a photo of the report cannot be deleted, and the request's own photos stay closed after "done".
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { actionRequest, form as postedForm } from "../helpers/server-action";
import { createSignedInHandyman, type TestHandyman } from "../helpers/marketplace";
import { createSignedInUser, type TestUser } from "../helpers/session";
import { createSignedInOperator } from "../helpers/ops";
import { paidJob } from "../helpers/payments";
import { deletePhoto, getPhoto, HTML, listPhotos, listProblemPhotos, PDF, phoneJpeg, plainPng, postPhoto, postProblemPhoto, warmUpPhotoIntake } from "../helpers/photos";
import { startMollieStandIn, type MollieStandIn } from "../../lib/payments/stand-in/server";

const steps = await import("@/lib/requests/step-actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");
const { connectProvider } = await import("@/lib/payments/provider");
const { reportProblem } = await import("@/lib/requests/disputes");
const { confirmDone } = await import("@/lib/requests/completion");
const { getDisputeOrThrow } = await import("@/lib/ops/disputes");
const { addProblemPhotosAction } = await import("@/lib/photos/actions");
const { listPhotosOfRequests } = await import("@/lib/photos/photos");

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const PROBLEM = "The tap still drips after the repair, and the cupboard below is wet again.";
const form = (fields: Record<string, string>) => postedForm({ ...fields, in_page: "1" });
const as = (user: TestUser) => {
  actionRequest.headers = new Headers({ cookie: user.cookie });
};
const sessionOf = (user: TestUser) => ({ id: user.id, email: user.email });

let standIn: MollieStandIn;
let owner: TestUser;
let nina: TestHandyman;
let requestId: string;
let offerId: string;

// The first photo loads sharp and file-type (a cold start of seconds on a busy machine): before the clock of any test.
beforeAll(async () => {
  standIn = await startMollieStandIn();
  connectProvider({ apiKey: "test_fixwellstandinkey000000000000", apiEndpoint: standIn.apiEndpoint, mode: "test", timeoutMs: 1_500 });
  await warmUpPhotoIntake();
}, 120_000);

afterAll(async () => {
  await standIn.close();
});

beforeEach(async () => {
  await resetDatabase();
  owner = await createSignedInUser("owner@example.test");
  nina = await createSignedInHandyman(18, "nina@example.test");
  ({ requestId, offerId } = await paidJob(owner, nina, LEAK, { labour: { description: "Fix the leak", amount: "200", vatRate: "21" } }));
  as(nina);
  expect(await steps.markDoneAction(IDLE_STEP, form({ offer_id: offerId }))).toMatchObject({ message: null });
});

async function errorOf(response: Response) {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, code: body.error.code, message: body.error.message };
}

const problemPhotos = async () => (await getDb()).requestPhoto.findMany({ where: { requestId, part: "problem" }, orderBy: { position: "asc" } });

function withPhotos(fields: Record<string, string>, files: Uint8Array[]): FormData {
  const data = form(fields);
  for (const [index, bytes] of files.entries()) data.append("photos", new File([new Uint8Array(bytes)], `problem-${index}.jpg`, { type: "image/jpeg" }));
  return data;
}

describe("photos of a reported problem", () => {
  it("join the open report re-encoded without metadata, and the handyman and the operator see them as the problem's", async () => {
    const disputeId = await reportProblem(sessionOf(owner), requestId, { text: PROBLEM });
    const sent = await phoneJpeg();
    expect((await sharp(sent).metadata()).exif?.toString("latin1")).toContain("PhoneMaker");
    const posted = await postProblemPhoto(owner, requestId, sent);
    expect(posted.status).toBe(201);
    const { photo } = (await posted.json()) as { photo: { id: string; part: string; position: number } };
    expect(photo).toMatchObject({ part: "problem", position: 1 });

    // The handyman holding the job downloads it: no EXIF, GPS, ICC; turned upright (64 × 48 with orientation 6).
    const downloaded = await getPhoto(nina, requestId, photo.id);
    expect(downloaded.status).toBe(200);
    const after = await sharp(Buffer.from(await downloaded.arrayBuffer())).metadata();
    expect([after.format, after.exif, after.icc, after.width, after.height]).toEqual(["jpeg", undefined, undefined, 48, 64]);

    // Listed as the problem's, apart from the request's own photos; on /pro with the job; on the operator's dispute page.
    expect(((await (await listProblemPhotos(nina, requestId)).json()) as { photos: { id: string }[] }).photos.map((p) => p.id)).toEqual([photo.id]);
    expect(((await (await listPhotos(nina, requestId)).json()) as { photos: unknown[] }).photos).toEqual([]);
    expect((await listPhotosOfRequests([requestId])).get(requestId)?.map((p) => [p.id, p.part])).toEqual([[photo.id, "problem"]]);
    const operator = await createSignedInOperator("olga-ops@example.test");
    expect((await getDisputeOrThrow(disputeId)).photos).toEqual([{ id: photo.id, part: "problem" }]);
    expect((await getPhoto(operator, requestId, photo.id)).status).toBe(200);
  });

  it("the order page's form adds several at once and leads back with its notice; a sixth is refused with the report's limit", async () => {
    await reportProblem(sessionOf(owner), requestId, { text: PROBLEM });
    const png = await plainPng();
    as(owner);
    const added = await addProblemPhotosAction(IDLE_STEP, withPhotos({ request_id: requestId }, [png, png, png]));
    expect(added).toMatchObject({ message: null, next: `/dashboard/orders/${requestId}?notice=problem-photos-added` });
    expect((await problemPhotos()).map((row) => row.position)).toEqual([1, 2, 3]);
    const before = await snapshotTables();
    const tooMany = await addProblemPhotosAction(IDLE_STEP, withPhotos({ request_id: requestId }, [png, png, png]));
    expect(tooMany.message).toBe("A problem report can have at most 5 photos.");
    expect(await snapshotTables()).toBe(before);
    expect((await postProblemPhoto(owner, requestId, png)).status).toBe(201);
    expect((await postProblemPhoto(owner, requestId, png)).status).toBe(201);
    expect(await errorOf(await postProblemPhoto(owner, requestId, png))).toMatchObject({ status: 409, message: "A problem report can have at most 5 photos." });
    expect(await problemPhotos()).toHaveLength(5);
  });

  it("are refused on a job with no open report: before one is reported, and after the homeowner confirmed the job (409), storing nothing", async () => {
    const png = await plainPng();
    let before = await snapshotTables();
    expect(await errorOf(await postProblemPhoto(owner, requestId, png))).toMatchObject({ status: 409, code: "conflict", message: expect.stringContaining("problem you reported") });
    as(owner);
    expect((await addProblemPhotosAction(IDLE_STEP, withPhotos({ request_id: requestId }, [png]))).message).toMatch(/problem you reported/);
    expect(await snapshotTables()).toBe(before);

    await reportProblem(sessionOf(owner), requestId, { text: PROBLEM });
    await confirmDone(sessionOf(owner), requestId);
    expect(await (await getDb()).dispute.findUniqueOrThrow({ where: { requestId } })).toMatchObject({ state: "withdrawn" });
    before = await snapshotTables();
    expect(await errorOf(await postProblemPhoto(owner, requestId, png))).toMatchObject({ status: 409, code: "conflict" });
    expect(await snapshotTables()).toBe(before);
  });

  it("are refused from anyone but the homeowner (404), and when the file is not an image (415), storing nothing", async () => {
    await reportProblem(sessionOf(owner), requestId, { text: PROBLEM });
    const stranger = await createSignedInUser("stranger@example.test");
    const png = await plainPng();
    const before = await snapshotTables();
    for (const who of [stranger, nina]) {
      expect(await errorOf(await postProblemPhoto(who, requestId, png))).toMatchObject({ status: 404, code: "not_found" });
      as(who);
      expect((await addProblemPhotosAction(IDLE_STEP, withPhotos({ request_id: requestId }, [png]))).message).toMatch(/not found/);
    }
    expect((await postProblemPhoto(null, requestId, png)).status).toBe(401);
    for (const [bytes, type] of [
      [PDF, "application/pdf"],
      [HTML, "text/html"],
    ] as const) {
      expect(await errorOf(await postProblemPhoto(owner, requestId, bytes, "problem.jpg", type))).toMatchObject({ status: 415, code: "unsupported_media_type" });
    }
    expect(await errorOf(await postProblemPhoto(owner, requestId, Buffer.alloc(0)))).toMatchObject({ status: 400 });
    expect(await snapshotTables()).toBe(before);
  });

  it("cannot be deleted by the homeowner (the operator may need them), and the request's own photos stay closed after done", async () => {
    await reportProblem(sessionOf(owner), requestId, { text: PROBLEM });
    const posted = (await (await postProblemPhoto(owner, requestId, await plainPng())).json()) as { photo: { id: string } };
    const before = await snapshotTables();
    expect((await deletePhoto(owner, requestId, posted.photo.id)).status).toBe(404);
    expect(await errorOf(await postPhoto(owner, requestId, await plainPng()))).toMatchObject({ status: 409, message: expect.stringContaining("until the job is done") });
    expect(await snapshotTables()).toBe(before);
  });
});
