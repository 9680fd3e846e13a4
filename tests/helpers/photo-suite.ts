// The photo tests of issue 24, run once per storage: PostgreSQL (tests/integration/request-photos.test.ts,
// on PGlite or PostgreSQL) and S3-compatible storage (request-photos-s3.test.ts, against s3rver).
// `objects` lists the keys in the bucket (S3 only), so deletion is checked where the bytes are.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import sharp from "sharp";
import * as declineRoute from "../../app/api/pro/offers/[offerId]/decline/route";
import { deleteAccount } from "../../lib/account/delete";
import { expireOffer } from "../../lib/requests/workflow";
import { getDb, resetDatabase } from "./db";
import { chooseCriterion, createSignedInHandyman, openOfferOf, submitRequest, type TestHandyman } from "./marketplace";
import { createSignedInOperator } from "./ops";
import { HTML, PDF, SVG, deletePhoto, getPhoto, listPhotos, phoneJpeg, pixelBombPng, plainPng, plainWebp, postPhoto, uploadedPhotoId, warmUpPhotoIntake } from "./photos";
import { apiRequest, createSignedInUser, createUserWithPassword, routeContext, type TestUser } from "./session";
import * as photosRoute from "../../app/api/requests/[requestId]/photos/route";
import * as exportRoute from "../../app/api/account/export/route";

const LEAK = { taskType: "Pipe-leakage", city: "Rotterdam" } as const;
const NINA = 18;
const HIDDE = 10;
const PASSWORD = "Correct-horse-battery-77";

type Storage = { name: string; objects?: () => Promise<string[]> };

async function errorOf(response: Response) {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, code: body.error.code, message: body.error.message };
}

export function photoSuite(storage: Storage) {
  let owner: TestUser;
  let nina: TestHandyman;
  let hidde: TestHandyman;
  let requestId: string;

  const storedRows = async () => (await getDb()).requestPhoto.count();

  // The first photo loads sharp and file-type (a cold start of seconds on a busy machine): before the clock of any test.
  beforeAll(warmUpPhotoIntake, 120_000);

  beforeEach(async () => {
    await resetDatabase();
    owner = await createUserWithPassword("owner@example.test", PASSWORD);
    nina = await createSignedInHandyman(NINA, "nina@example.test");
    hidde = await createSignedInHandyman(HIDDE, "hidde@example.test");
    requestId = await submitRequest(owner, { ...LEAK, details: "The pipe under the sink drips." });
  });

  describe(`photos stored in ${storage.name}: what is stored is never what was sent`, () => {
    it("drops every piece of metadata: what the holding handyman downloads has no EXIF, GPS, ICC or XMP, and is turned upright", async () => {
      const sent = await phoneJpeg();
      const before = await sharp(sent).metadata();
      expect(before.exif?.toString("latin1")).toContain("PhoneMaker");
      expect(before.orientation).toBe(6);
      expect(before.icc).toBeDefined();

      const photoId = await uploadedPhotoId(owner, requestId, sent);
      expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
      expect((await openOfferOf(requestId)).handymanId).toBe(NINA);

      for (const size of [undefined, "thumb"] as const) {
        const response = await getPhoto(nina, requestId, photoId, size);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/jpeg");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        expect(response.headers.get("content-disposition")).toMatch(/^inline/);
        expect(response.headers.get("cache-control")).toMatch(/\bprivate\b/);
        const bytes = Buffer.from(await response.arrayBuffer());
        const after = await sharp(bytes).metadata();
        expect(after.format).toBe("jpeg");
        expect(after.exif).toBeUndefined();
        expect(after.icc).toBeUndefined();
        expect(after.xmp).toBeUndefined();
        expect(after.iptc).toBeUndefined();
        expect(after.comments ?? []).toEqual([]);
        // Turned upright: the 64 × 48 photo with orientation 6 is 48 wide and 64 high.
        expect([after.width, after.height]).toEqual([48, 64]);
        expect(bytes.toString("latin1")).not.toMatch(/PhoneMaker|Pocket Camera|GPS|kitchen at home/);
      }
    });

    it("scales a large photo to 2048 px on the long side with a 400 px thumbnail, and stores PNG and WebP as JPEG", async () => {
      const large = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: "#888" } }).png().toBuffer();
      const response = await postPhoto(owner, requestId, large, "wide.png", "image/png");
      expect(response.status).toBe(201);
      const { photo } = (await response.json()) as { photo: { id: string; width: number; height: number; thumbWidth: number; thumbHeight: number; thumbnailUrl: string } };
      expect([photo.width, photo.height, photo.thumbWidth, photo.thumbHeight]).toEqual([2048, 1024, 400, 200]);
      expect(photo.thumbnailUrl).toBe(`/api/requests/${requestId}/photos/${photo.id}?size=thumb`);
      const thumb = await sharp(Buffer.from(await (await getPhoto(owner, requestId, photo.id, "thumb")).arrayBuffer())).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual(["jpeg", 400, 200]);

      for (const [bytes, name] of [[await plainPng(), "a.png"], [await plainWebp(), "b.webp"]] as const) {
        const id = await uploadedPhotoId(owner, requestId, bytes);
        const stored = await getPhoto(owner, requestId, id);
        expect(stored.headers.get("content-type"), name).toBe("image/jpeg");
        expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).format).toBe("jpeg");
      }
    });

    it("re-encodes a JPEG with HTML appended, so nothing of the HTML is stored or served", async () => {
      const sent = Buffer.concat([await phoneJpeg(), Buffer.from("<html><script>alert('appended')</script></html>")]);
      const photoId = await uploadedPhotoId(owner, requestId, sent);
      const served = Buffer.from(await (await getPhoto(owner, requestId, photoId)).arrayBuffer());
      expect(served.toString("latin1")).not.toContain("<script");
      expect(served.toString("latin1")).not.toContain("appended");
      expect(served.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
      const row = await (await getDb()).requestPhoto.findUniqueOrThrow({ where: { id: photoId }, select: { image: true, storageKey: true } });
      if (row.image) expect(Buffer.from(row.image).toString("latin1")).not.toContain("<script");
      else expect(row.storageKey).toMatch(new RegExp(`^requests/${requestId}/photos/${photoId}$`));
    });
  });

  describe(`photos stored in ${storage.name}: bad input is refused with the error shape, and nothing is stored`, () => {
    const cases: [string, () => Promise<Buffer> | Buffer, string, string, number, string][] = [
      ["a PDF renamed .jpg", () => PDF, "leak.jpg", "image/jpeg", 415, "unsupported_media_type"],
      ["an HTML file", () => HTML, "leak.jpg", "text/html", 415, "unsupported_media_type"],
      ["an SVG (it carries script)", () => SVG, "leak.svg", "image/svg+xml", 415, "unsupported_media_type"],
      ["a 0-byte file", () => Buffer.alloc(0), "empty.jpg", "image/jpeg", 400, "bad_request"],
      ["a 100 kB PNG that decodes to 20,000 × 20,000 pixels", pixelBombPng, "bomb.png", "image/png", 413, "payload_too_large"],
      ["a truncated JPEG", async () => (await phoneJpeg()).subarray(0, 400), "cut.jpg", "image/jpeg", 400, "bad_request"],
    ];
    for (const [what, make, name, type, status, code] of cases) {
      it(`refuses ${what} (${status})`, async () => {
        const bytes = await make();
        if (what.includes("20,000")) expect(bytes.byteLength).toBeLessThan(200 * 1024);
        const refused = await errorOf(await postPhoto(owner, requestId, bytes, name, type));
        expect(refused).toMatchObject({ status, code });
        expect(refused.message.length).toBeGreaterThan(10);
        expect(await storedRows()).toBe(0);
        if (storage.objects) expect(await storage.objects()).toEqual([]);
      });
    }

    it("ignores the file's name: ../../etc/passwd and a 5,000-character name store a photo and nothing of the name", async () => {
      for (const name of ["../../etc/passwd", `${"x".repeat(5_000)}.jpg`]) {
        const response = await postPhoto(owner, requestId, await plainPng(), name, "image/png");
        expect(response.status).toBe(201);
        const { photo } = (await response.json()) as { photo: Record<string, unknown> };
        expect(JSON.stringify(photo)).not.toMatch(/passwd|xxxx/);
      }
      const rows = await (await getDb()).requestPhoto.findMany({ select: { storageKey: true } });
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row.storageKey ?? "").not.toMatch(/passwd|\.\.|xxxx/);
    });

    it("refuses a sixth photo (409), also when six are sent at once", async () => {
      const png = await plainPng();
      const answers = await Promise.all(Array.from({ length: 7 }, () => postPhoto(owner, requestId, png, "p.png", "image/png")));
      const statuses = answers.map((response) => response.status).sort();
      expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409]);
      expect(await storedRows()).toBe(5);
      const positions = (await (await getDb()).requestPhoto.findMany({ select: { position: true } })).map((row) => row.position).sort();
      expect(positions).toEqual([1, 2, 3, 4, 5]);
      expect(await errorOf(await postPhoto(owner, requestId, png, "p.png", "image/png"))).toMatchObject({ status: 409, code: "conflict" });
      if (storage.objects) expect(await storage.objects()).toHaveLength(10);
    });

    it("refuses a 50 MB upload while it streams: a declared length at once, an undeclared one after about 10 MB", async () => {
      const declared = new Request(`http://localhost:3000/api/requests/${requestId}/photos`, {
        method: "POST",
        headers: { cookie: owner.cookie, "content-type": "multipart/form-data; boundary=x", "content-length": String(50 * 1024 * 1024) },
        body: "--x--",
      });
      expect(await errorOf(await photosRoute.POST(declared, routeContext({ requestId })))).toMatchObject({ status: 413, code: "payload_too_large" });

      let pulled = 0;
      const chunk = new Uint8Array(256 * 1024).fill(0x41);
      const head = new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n');
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(head);
        },
        pull(controller) {
          if (pulled >= 50 * 1024 * 1024) return controller.close();
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const streamed = new Request(`http://localhost:3000/api/requests/${requestId}/photos`, {
        method: "POST",
        headers: { cookie: owner.cookie, "content-type": "multipart/form-data; boundary=x" },
        body,
        duplex: "half",
      } as RequestInit);
      expect(await errorOf(await photosRoute.POST(streamed, routeContext({ requestId })))).toMatchObject({ status: 413, code: "payload_too_large" });
      expect(pulled).toBeLessThan(12 * 1024 * 1024);
      expect(await storedRows()).toBe(0);
    });

    it("refuses a body that is not multipart (415) and a form without the photo field (400)", async () => {
      const json = await photosRoute.POST(apiRequest("POST", `/api/requests/${requestId}/photos`, { cookie: owner.cookie, body: { photo: "x" } }), routeContext({ requestId }));
      expect(await errorOf(json)).toMatchObject({ status: 415 });
      const form = new FormData();
      form.append("other", new File([new Uint8Array(await plainPng())], "p.png"));
      const missing = await photosRoute.POST(new Request(`http://localhost:3000/api/requests/${requestId}/photos`, { method: "POST", body: form, headers: { cookie: owner.cookie } }), routeContext({ requestId }));
      expect(await errorOf(missing)).toMatchObject({ status: 400 });
      expect(await storedRows()).toBe(0);
    });

    it("answers a photo id of another request, a malformed id and an unknown size with 404", async () => {
      const otherRequest = await submitRequest(owner, LEAK);
      const photoId = await uploadedPhotoId(owner, otherRequest, await plainPng());
      expect(await errorOf(await getPhoto(owner, requestId, photoId))).toMatchObject({ status: 404, code: "not_found" });
      expect((await deletePhoto(owner, requestId, photoId)).status).toBe(404);
      expect((await getPhoto(owner, requestId, "not-a-uuid")).status).toBe(404);
      expect((await getPhoto(owner, otherRequest, photoId, "huge")).status).toBe(404);
      expect((await getPhoto(owner, otherRequest, photoId)).status).toBe(200);
      expect(await storedRows()).toBe(1);
    });

    it("lets only the homeowner add photos, and only until the job is done", async () => {
      const stranger = await createSignedInUser();
      expect(await errorOf(await postPhoto(stranger, requestId, await plainPng()))).toMatchObject({ status: 404 });
      expect(await errorOf(await postPhoto(nina, requestId, await plainPng()))).toMatchObject({ status: 404 });
      expect((await postPhoto(null, requestId, await plainPng())).status).toBe(401);
      await (await getDb()).repairRequest.update({ where: { id: requestId }, data: { state: "done" } });
      expect(await errorOf(await postPhoto(owner, requestId, await plainPng()))).toMatchObject({ status: 409, code: "conflict" });
      expect(await storedRows()).toBe(0);
    });
  });

  describe(`photos stored in ${storage.name}: who sees them`, () => {
    it("shows them to the homeowner and the handyman holding the request; not after a decline or an expiry; to operators, audited; 404 to everyone else", async () => {
      const photoId = await uploadedPhotoId(owner, requestId, await plainPng());
      const stranger = await createSignedInUser();
      const operator = await createSignedInOperator();
      expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);

      expect((await getPhoto(owner, requestId, photoId)).status).toBe(200);
      expect((await listPhotos(owner, requestId)).status).toBe(200);
      expect((await getPhoto(nina, requestId, photoId, "thumb")).status).toBe(200);
      expect(((await (await listPhotos(nina, requestId)).json()) as { photos: unknown[] }).photos).toHaveLength(1);
      for (const outsider of [stranger, hidde, null]) {
        expect(await errorOf(await getPhoto(outsider, requestId, photoId))).toMatchObject({ status: 404, code: "not_found" });
      }
      expect((await listPhotos(hidde, requestId)).status).toBe(404);

      // Nina declines: the request goes to Hidde, who now sees it, and Nina no longer does.
      const offer = await openOfferOf(requestId);
      const declined = await declineRoute.POST(apiRequest("POST", `/api/pro/offers/${offer.id}/decline`, { cookie: nina.cookie, body: {} }), routeContext({ offerId: offer.id }));
      expect(declined.status).toBe(200);
      expect((await openOfferOf(requestId)).handymanId).toBe(HIDDE);
      expect((await getPhoto(nina, requestId, photoId)).status).toBe(404);
      expect((await getPhoto(hidde, requestId, photoId)).status).toBe(200);

      // Hidde lets it expire: he no longer sees it either.
      const hiddeOffer = await openOfferOf(requestId);
      const db = await getDb();
      await db.offer.update({ where: { id: hiddeOffer.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
      await expireOffer(hiddeOffer.id);
      expect((await db.offer.findUniqueOrThrow({ where: { id: hiddeOffer.id } })).status).toBe("expired");
      expect((await getPhoto(hidde, requestId, photoId, "thumb")).status).toBe(404);

      const auditedBefore = await db.auditEntry.count({ where: { action: "photo.view" } });
      expect(auditedBefore).toBe(0);
      expect((await getPhoto(operator, requestId, photoId)).status).toBe(200);
      expect((await getPhoto(operator, requestId, photoId, "thumb")).status).toBe(200);
      const audited = await db.auditEntry.findMany({ where: { action: "photo.view" }, orderBy: { id: "asc" }, select: { actorId: true, targetType: true, targetId: true, after: true } });
      expect(audited).toEqual([
        { actorId: operator.id, targetType: "request", targetId: requestId, after: { photoId, size: "full" } },
        { actorId: operator.id, targetType: "request", targetId: requestId, after: { photoId, size: "thumb" } },
      ]);
      // The homeowner's own views are not audited.
      await getPhoto(owner, requestId, photoId);
      expect(await db.auditEntry.count({ where: { action: "photo.view" } })).toBe(2);
    });
    it("hides them from a handyman whose offer passed its deadline, before the expiry job has run, as the thread does", async () => {
      const photoId = await uploadedPhotoId(owner, requestId, await plainPng());
      expect((await chooseCriterion(owner, requestId, "price", LEAK)).status).toBe(200);
      const offer = await openOfferOf(requestId);
      expect(offer.handymanId).toBe(NINA);
      expect((await getPhoto(nina, requestId, photoId, "thumb")).status).toBe(200);

      const db = await getDb();
      await db.offer.update({ where: { id: offer.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
      // The job has not run: the offer is still "open" in the database, only its deadline has passed.
      expect((await db.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe("open");
      for (const size of [undefined, "thumb"] as const) {
        expect(await errorOf(await getPhoto(nina, requestId, photoId, size))).toMatchObject({ status: 404, code: "not_found" });
      }
      expect((await listPhotos(nina, requestId)).status).toBe(404);
      // An accepted offer has no deadline to pass.
      await db.offer.update({ where: { id: offer.id }, data: { status: "accepted" } });
      expect((await getPhoto(nina, requestId, photoId)).status).toBe(200);
    });
  });

  describe(`photos stored in ${storage.name}: deletion`, () => {
    it("the homeowner deletes a photo before the job is done; the bytes go with it", async () => {
      const photoId = await uploadedPhotoId(owner, requestId, await plainPng());
      const keep = await uploadedPhotoId(owner, requestId, await plainPng());
      if (storage.objects) expect(await storage.objects()).toHaveLength(4);
      expect((await deletePhoto(nina, requestId, photoId)).status).toBe(404);
      expect((await deletePhoto(owner, requestId, photoId)).status).toBe(204);
      expect((await getPhoto(owner, requestId, photoId)).status).toBe(404);
      expect((await getPhoto(owner, requestId, keep)).status).toBe(200);
      if (storage.objects) expect((await storage.objects()).every((key) => key.includes(keep))).toBe(true);
      expect(await (await getDb()).photoObjectDeletion.count()).toBe(0);
    });

    it("the account's data download lists each photo with the address to download it from", async () => {
      const photoId = await uploadedPhotoId(owner, requestId, await plainPng());
      const response = await exportRoute.GET(new Request("http://localhost:3000/api/account/export", { headers: { cookie: owner.cookie } }), routeContext());
      const data = (await response.json()) as { requests: { id: string; photos: { id: string; download: string; width: number }[] }[] };
      const [request] = data.requests.filter((row) => row.id === requestId);
      expect(request.photos).toEqual([expect.objectContaining({ id: photoId, width: 40, download: `/api/requests/${requestId}/photos/${photoId}` })]);
      expect((await getPhoto(owner, requestId, photoId)).status).toBe(200);
    });

    it("deleting the account deletes its requests' photos, also of a job a handyman accepted (which is kept, anonymised)", async () => {
      const accepted = await submitRequest(owner, { taskType: "Painting", city: "Amsterdam" });
      await uploadedPhotoId(owner, requestId, await plainPng());
      await uploadedPhotoId(owner, accepted, await plainPng());
      const db = await getDb();
      expect((await chooseCriterion(owner, accepted, "price", { taskType: "Painting", city: "Amsterdam" })).status).toBe(200);
      const offer = await openOfferOf(accepted);
      await db.offer.update({ where: { id: offer.id }, data: { status: "accepted" } });
      await db.repairRequest.update({ where: { id: accepted }, data: { state: "accepted" } });
      if (storage.objects) expect(await storage.objects()).toHaveLength(4);

      const outcome = await deleteAccount(owner.id, PASSWORD);
      expect(outcome).toMatchObject({ kind: "deleted", keptForHandymen: 1 });
      expect(await db.repairRequest.count({ where: { id: accepted } })).toBe(1);
      expect(await storedRows()).toBe(0);
      expect(await db.photoObjectDeletion.count()).toBe(0);
      if (storage.objects) expect(await storage.objects()).toEqual([]);
    });
  });
}
