// Photo work is bounded (issue 37, item 2), with real sharp: every refusal that needs no decoding comes
// before any decoding (counted by the line's own counter, lib/photos/work.ts, never by time); a photo's
// place on a request is taken under the request's lock before it is processed; an account sends at most
// 30 photos an hour; at most two posts are decoded at once and a full line answers 503 with Retry-After;
// 16-bit and CMYK photos are budgeted by their decoded bytes. And while ten posts of five near-limit photos
// from one account are processed, the liveness probe keeps answering.
import { actionRequest, form } from "../helpers/server-action";
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import sharp from "sharp";
import { emptyRequestForm } from "@/lib/requests/form";
import { MAX_DECODED_PHOTO_BYTES, PHOTO_WORK_AT_ONCE, PHOTO_WORK_RETRY_AFTER_SECONDS, PHOTO_WORK_WAITING, PHOTOS_PER_ACCOUNT_PER_HOUR } from "@/lib/photos/limits";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { httpRequest } from "../helpers/http-client";
import { createSignedInHandyman, submitRequest } from "../helpers/marketplace";
import { flatPng, plainPng, postPhoto, warmUpPhotoIntake } from "../helpers/photos";
import { createSignedInUser, routeContext, type TestUser } from "../helpers/session";
import * as liveRoute from "../../app/api/health/live/route";
import * as photosRoute from "../../app/api/requests/[requestId]/photos/route";

const { createRequestAction } = await import("@/lib/requests/actions");
const { inPhotoLine, photoWorkCounts, resetPhotoWorkCounts } = await import("@/lib/photos/work");
const { photoLimiter } = await import("@/lib/photos/allowance");
const { requestLimiter } = await import("@/lib/requests/limits");

const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const decoded = () => photoWorkCounts().decoded;

function requestForm(id: string, photos: Uint8Array[]): FormData {
  const data = form({ request_id: id, task_type: "Painting", city: "Rotterdam", home_older_than_two_years: "no", date: tomorrow(), details: "", in_page: "1" });
  for (const [index, bytes] of photos.entries()) data.append("photos", new File([new Uint8Array(bytes)], `IMG_${index}.jpg`, { type: "image/jpeg" }));
  return data;
}

/** Posts the request form as `user` (the form's server action, as a browser without JavaScript posts it). */
function postRequestForm(user: TestUser, photos: Uint8Array[], id = randomUUID()) {
  actionRequest.headers = new Headers({ cookie: user.cookie });
  return createRequestAction(emptyRequestForm(id), requestForm(id, photos));
}

function postPhotoIn(user: TestUser, requestId: string, bytes: Uint8Array, language: string): Promise<Response> {
  const data = new FormData();
  data.append("photo", new File([new Uint8Array(bytes)], "photo.png", { type: "image/png" }));
  const req = new Request(`http://localhost:3000/api/requests/${requestId}/photos`, { method: "POST", body: data, headers: { cookie: user.cookie, "accept-language": language } });
  return photosRoute.POST(req, routeContext({ requestId }));
}

/** Holds every place in the line (running and waiting) until the returned function is called. */
function fillTheLine(): () => Promise<void> {
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held = Array.from({ length: PHOTO_WORK_AT_ONCE + PHOTO_WORK_WAITING }, () => inPhotoLine(() => gate));
  return async () => {
    open();
    await Promise.all(held);
  };
}

let owner: TestUser;
let nearLimit: Buffer;

// sharp's and file-type's cold start, and the near-limit photo (7,000 × 5,600: 39.2 of 40 megapixels), before any clock.
beforeAll(async () => {
  await warmUpPhotoIntake();
  nearLimit = await sharp({ create: { width: 7_000, height: 5_600, channels: 3, background: { r: 120, g: 90, b: 60 } } }).jpeg({ quality: 90 }).toBuffer();
}, 180_000);

beforeEach(async () => {
  await resetDatabase();
  resetPhotoWorkCounts();
  owner = await createSignedInUser();
});

describe("refusals that need no decoding come before any decoding", () => {
  it("takes a photo's place under the request's lock first: seven uploads at once to one request decode five photos, not seven", async () => {
    const requestId = await submitRequest(owner, { taskType: "Painting", city: "Rotterdam" });
    const png = await plainPng();
    const answers = await Promise.all(Array.from({ length: 7 }, () => postPhoto(owner, requestId, png, "p.png", "image/png")));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 201, 409, 409]);
    expect(decoded()).toBe(5);
    const db = await getDb();
    expect(await db.requestPhoto.count()).toBe(5);
    expect(await db.photoReservation.count()).toBe(0);
  });

  it("refuses the request form of a handyman, a replayed request id and an account past its daily requests without decoding a photo", async () => {
    const photos = [nearLimit, nearLimit, nearLimit, nearLimit, nearLimit];

    const nina = await createSignedInHandyman(18, "nina@example.test");
    const before = await snapshotTables();
    expect((await postRequestForm(nina, photos)).message).toMatch(/Only homeowner accounts can ask for a repair/);
    expect(await snapshotTables()).toBe(before);

    const id = randomUUID();
    expect((await postRequestForm(owner, [await plainPng()], id)).saved?.id).toBe(id);
    expect(decoded()).toBe(1);
    // The same form again, now with five photos: the request is the stored one, and its photo is kept.
    expect((await postRequestForm(owner, photos, id)).saved?.id).toBe(id);
    expect(await (await getDb()).requestPhoto.count({ where: { requestId: id } })).toBe(1);

    const limiter = requestLimiter();
    for (let made = 1; made < limiter.spec.points; made += 1) await limiter.consume(owner.id);
    const refused = await postRequestForm(owner, photos);
    expect(refused.message).toMatch(/as many requests as we take from one account in a day/);
    expect(refused.saved).toBeUndefined();
    expect(decoded()).toBe(1);
  });

  it(`refuses photos past ${PHOTOS_PER_ACCOUNT_PER_HOUR} an hour for the account before decoding them, and gives the refused ones back`, async () => {
    await photoLimiter().consume(owner.id, PHOTOS_PER_ACCOUNT_PER_HOUR - 2);
    const png = await plainPng();
    const before = await snapshotTables();
    const refused = await postRequestForm(owner, [png, png, png]);
    expect(refused.fieldErrors.photos).toMatch(new RegExp(`at most ${PHOTOS_PER_ACCOUNT_PER_HOUR} photos an hour`));
    expect(refused.saved).toBeUndefined();
    expect(await snapshotTables()).toBe(before);
    expect(decoded()).toBe(0);

    // Two still fit; then the API refuses a third with 429 and Retry-After.
    expect((await postRequestForm(owner, [png, png])).saved).toBeDefined();
    const requestId = await submitRequest(owner, { taskType: "Painting", city: "Rotterdam" });
    const api = await postPhoto(owner, requestId, png, "p.png", "image/png");
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect(decoded()).toBe(2);
    expect(await (await getDb()).photoReservation.count()).toBe(0);
  });

  it("refuses a 16-bit PNG and a CMYK JPEG past the decoded-byte budget with a clear message, without decoding them; a small 16-bit photo is taken", async () => {
    const requestId = await submitRequest(owner, { taskType: "Painting", city: "Rotterdam" });
    // 5,000 × 4,200 is 21 megapixels, half the pixel limit, but 126 MB decoded at 16 bits a sample.
    const deep = flatPng(5_000, 4_200, 16);
    const deepHeader = await sharp(deep).metadata();
    expect([deepHeader.depth, deepHeader.channels]).toEqual(["ushort", 3]);
    // 6,000 × 5,200 is 31.2 megapixels, 125 MB decoded in four channels.
    const cmyk = await sharp({ create: { width: 6_000, height: 5_200, channels: 3, background: "#3366aa" } }).toColourspace("cmyk").jpeg().toBuffer();
    const cmykHeader = await sharp(cmyk).metadata();
    expect([cmykHeader.space, cmykHeader.channels]).toEqual(["cmyk", 4]);
    for (const [bytes, header] of [[deep, deepHeader], [cmyk, cmykHeader]] as const) {
      expect(header.width! * header.height!).toBeLessThan(40_000_000);
      expect(header.width! * header.height! * header.channels! * (header.depth === "ushort" ? 2 : 1)).toBeGreaterThan(MAX_DECODED_PHOTO_BYTES);
      const answer = await postPhotoIn(owner, requestId, bytes, "en");
      expect(answer.status).toBe(413);
      const body = (await answer.json()) as { error: { code: string; message: string } };
      expect(body.error).toEqual({ code: "payload_too_large", message: expect.stringMatching(/16-bit or CMYK photo counts for more/) });
    }
    const dutch = await postPhotoIn(owner, requestId, cmyk, "nl");
    expect(((await dutch.json()) as { error: { message: string } }).error.message).toMatch(/16-bits- of CMYK-foto telt zwaarder/);
    expect(decoded()).toBe(0);

    const formAnswer = await postRequestForm(owner, [deep]);
    expect(formAnswer.fieldErrors.photos).toMatch(/16-bit or CMYK/);
    expect(decoded()).toBe(0);

    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#808080" } }).toColourspace("rgb16").png().toBuffer();
    expect((await sharp(small).metadata()).depth).toBe("ushort");
    expect((await postPhotoIn(owner, requestId, small, "en")).status).toBe(201);
    expect(decoded()).toBe(1);
  }, 120_000);
});

describe("the line photos are decoded in", () => {
  it("answers 503 with Retry-After when the line is full, in the asker's language, decodes nothing, and keeps no place or allowance", async () => {
    const requestId = await submitRequest(owner, { taskType: "Painting", city: "Rotterdam" });
    const png = await plainPng();
    const release = fillTheLine();
    try {
      const answer = await postPhotoIn(owner, requestId, png, "nl");
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe(String(PHOTO_WORK_RETRY_AFTER_SECONDS));
      const body = (await answer.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("busy");
      expect(body.error.message).toMatch(/We verwerken nu veel foto's/);

      const formAnswer = await postRequestForm(owner, [png, png]);
      expect(formAnswer.fieldErrors.photos).toMatch(new RegExp(`processing many photos right now. Try again in ${PHOTO_WORK_RETRY_AFTER_SECONDS} seconds`));
      expect(formAnswer.saved).toBeUndefined();
      expect(photoWorkCounts()).toMatchObject({ decoded: 0, refused: 2, running: PHOTO_WORK_AT_ONCE, waiting: PHOTO_WORK_WAITING });
      const db = await getDb();
      expect(await db.photoReservation.count()).toBe(0);
      expect(await db.repairRequest.count()).toBe(1);
    } finally {
      await release();
    }
    // Nothing was taken from the account's hour: all 30 are still there.
    expect(await photoLimiter().consume(owner.id, PHOTOS_PER_ACCOUNT_PER_HOUR - 1)).toMatchObject({ allowed: true });
    expect((await postPhotoIn(owner, requestId, png, "en")).status).toBe(201);
  });

  describe("ten parallel posts of five near-limit photos from one account", () => {
    let server: http.Server;
    let port: number;

    beforeAll(async () => {
      // /api/health/live as a server answers it, so a probe waits for this process's event loop like a balancer's would.
      server = http.createServer((_req, res) => {
        const answer = liveRoute.GET();
        res.writeHead(answer.status, { "content-type": "application/json" });
        void answer.text().then((text) => res.end(text));
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
    });

    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it(`processes at most ${PHOTOS_PER_ACCOUNT_PER_HOUR} of the 50, ${PHOTO_WORK_AT_ONCE} posts at a time, refuses the rest with a message, and /api/health/live answers within a second throughout`, async () => {
      // The test's own work comes first: ten forms of five photos built, and one probe to open the server.
      const five = [nearLimit, nearLimit, nearLimit, nearLimit, nearLimit];
      const ids = Array.from({ length: 10 }, () => randomUUID());
      const forms = ids.map((id) => requestForm(id, five));
      expect((await httpRequest(port, "/api/health/live")).status).toBe(200);

      const probes: { status: number; ms: number }[] = [];
      let running = true;
      const probing = (async () => {
        while (running) {
          const started = performance.now();
          const answer = await httpRequest(port, "/api/health/live", { timeoutMs: 5_000 });
          probes.push({ status: answer.status, ms: performance.now() - started });
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();

      actionRequest.headers = new Headers({ cookie: owner.cookie });
      const answers = await Promise.all(ids.map((id, index) => createRequestAction(emptyRequestForm(id), forms[index])));
      running = false;
      await probing;

      const stored = answers.filter((answer) => answer.saved);
      const overTheHour = answers.filter((answer) => /photos an hour/.test(answer.fieldErrors.photos ?? ""));
      const busy = answers.filter((answer) => /processing many photos/.test(answer.fieldErrors.photos ?? ""));
      expect(stored.length + overTheHour.length + busy.length).toBe(10);
      expect(overTheHour.length).toBeGreaterThanOrEqual(10 - PHOTOS_PER_ACCOUNT_PER_HOUR / 5);
      const db = await getDb();
      const photos = await db.requestPhoto.count();
      expect(photos).toBe(stored.length * 5);
      expect(photos).toBeLessThanOrEqual(PHOTOS_PER_ACCOUNT_PER_HOUR);
      expect(await db.repairRequest.count()).toBe(stored.length);
      const counts = photoWorkCounts();
      expect(counts.decoded).toBe(photos);
      expect(counts.peakRunning).toBeLessThanOrEqual(PHOTO_WORK_AT_ONCE);
      expect(counts.refused).toBe(busy.length);
      expect(await db.photoReservation.count()).toBe(0);

      expect(probes.length).toBeGreaterThan(3);
      expect(probes.every((probe) => probe.status === 200)).toBe(true);
      expect(Math.max(...probes.map((probe) => probe.ms))).toBeLessThan(1_000);
    }, 600_000);
  });
});
