// Property-based fuzzing of the photo routes (issue 24), as tests/integration/api-fuzz.test.ts does for the
// others: generated files (random bytes, truncated and hostile images, any name and declared type),
// bodies that are not multipart, any ids, sizes and cookies. The property: never a 5xx, the API's error
// shape on a 4xx and the database exactly as it was; a photo is only ever served to who may see it.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import * as photosRoute from "../../app/api/requests/[requestId]/photos/route";
import * as photoRoute from "../../app/api/requests/[requestId]/photos/[photoId]/route";
import { resetDatabase } from "../helpers/db";
import { call, checkProperty, GARBAGE_COOKIE, hostileValues } from "../helpers/fuzz";
import { submitRequest } from "../helpers/marketplace";
import { HTML, PDF, SVG, phoneJpeg, uploadedPhotoId } from "../helpers/photos";
import { createSignedInUser, type TestUser } from "../helpers/session";

const SEED = 20261124;
// Each accepted photo is decoded and encoded again: fewer runs than the JSON routes get.
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

let owner: TestUser;
let stranger: TestUser;
let requestId: string;
let photoId: string;
let jpeg: Buffer;

beforeAll(async () => {
  await resetDatabase();
  owner = await createSignedInUser("photo-fuzz-owner@example.test");
  stranger = await createSignedInUser("photo-fuzz-stranger@example.test");
  requestId = await submitRequest(owner, { taskType: "Painting", city: "Amsterdam" });
  jpeg = await phoneJpeg();
  photoId = await uploadedPhotoId(owner, requestId, await sharp(jpeg).png().toBuffer());
}, 60_000);

const { nastyString, pathString } = hostileValues(["a".repeat(5_000), "photo.jpg\u0000.html", "CON", ".."]);
type Who = "owner" | "stranger" | "none" | "garbage";
const who = fc.constantFrom<Who>("owner", "stranger", "none", "garbage");
const fetchSite = fc.constantFrom(undefined, undefined, "same-origin", "none", "cross-site", "same-site");
const cookieFor = (choice: Who) => (choice === "owner" ? owner.cookie : choice === "stranger" ? stranger.cookie : choice === "garbage" ? GARBAGE_COOKIE : undefined);

const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 2_000 }),
  fc.constantFrom("pdf", "html", "svg", "jpeg", "cut", "jpeg+html").map((kind) => {
    if (kind === "pdf") return new Uint8Array(PDF);
    if (kind === "html") return new Uint8Array(HTML);
    if (kind === "svg") return new Uint8Array(SVG);
    if (kind === "cut") return new Uint8Array(jpeg.subarray(0, 300));
    if (kind === "jpeg+html") return new Uint8Array(Buffer.concat([jpeg, HTML]));
    return new Uint8Array(jpeg);
  }),
  // A real JPEG header followed by noise.
  fc.uint8Array({ minLength: 1, maxLength: 500 }).map((noise) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...noise])),
);

const body = fc.oneof(
  { weight: 4, arbitrary: fc.record({ field: fc.constantFrom("photo", "photo", "file", ""), bytes: fileBytes, name: nastyString, type: fc.constantFrom("image/jpeg", "image/png", "text/html", "image/svg+xml", "", "application/pdf"), twice: fc.boolean() }) },
  fc.record({ raw: fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom("--x--", "--x\r\n\r\n", "")), contentType: fc.constantFrom("multipart/form-data; boundary=x", "multipart/form-data", "application/json", "image/jpeg", "") }),
);

function uploadRequest(id: string, sent: Record<string, unknown>, cookie?: string): Request {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const url = `http://localhost:3000/api/requests/${encodeURIComponent(id)}/photos`;
  if ("raw" in sent) {
    if (sent.contentType) headers["content-type"] = String(sent.contentType);
    return new Request(url, { method: "POST", headers, body: String(sent.raw) });
  }
  const form = new FormData();
  const file = new File([sent.bytes as Uint8Array<ArrayBuffer>], String(sent.name), { type: String(sent.type) });
  form.append(String(sent.field), file);
  if (sent.twice) form.append(String(sent.field), file);
  return new Request(url, { method: "POST", headers, body: form });
}

describe("the photo routes under generated input", () => {
  it("POST /api/requests/{id}/photos never fails with a 5xx and stores nothing when it refuses", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant("own"), fc.uuid(), pathString), body, who, async (id, sent, whom) => {
        const target = id === "own" ? requestId : id;
        const outcome = await checkProperty(() => call(photosRoute.POST, uploadRequest(target, sent, cookieFor(whom)), { requestId: target }));
        if (outcome.status < 400) expect([whom, target]).toEqual(["owner", requestId]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("GET and DELETE /api/requests/{id}/photos/{photoId} never fail with a 5xx, serve a photo only to its homeowner, and refuse a GET from another site", async () => {
    const ids = fc.oneof(fc.constant("own"), fc.uuid(), pathString);
    await fc.assert(
      fc.asyncProperty(ids, ids, fc.oneof(fc.constantFrom(undefined, "thumb", "full"), nastyString), who, fc.boolean(), fetchSite, async (rid, pid, size, whom, remove, site) => {
        const r = rid === "own" ? requestId : rid;
        const p = pid === "own" ? photoId : pid;
        const query = size === undefined ? "" : `?size=${encodeURIComponent(size)}`;
        const cookie = cookieFor(whom);
        const url = `http://localhost:3000/api/requests/${encodeURIComponent(r)}/photos/${encodeURIComponent(p)}${query}`;
        // The owner's own photo is never deleted here, so later runs can still find it.
        if (remove && !(whom === "owner" && r === requestId && p === photoId)) {
          await checkProperty(() => call(photoRoute.DELETE, new Request(url, { method: "DELETE", headers: cookie ? { cookie } : {} }), { requestId: r, photoId: p }));
          return;
        }
        const headers: Record<string, string> = { ...(cookie ? { cookie } : {}), ...(site ? { "sec-fetch-site": site } : {}) };
        const outcome = await checkProperty(() => call(photoRoute.GET, new Request(url, { headers }), { requestId: r, photoId: p }));
        // A request from another site is refused before anything is looked up (an operator's view would be audited).
        if (site === "cross-site" || site === "same-site") expect(outcome.status).toBe(403);
        else if (outcome.status === 200) expect([whom, r, p]).toEqual(["owner", requestId, photoId]);
        else expect(outcome.status).toBe(404);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
