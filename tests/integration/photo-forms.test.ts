// Photos posted with forms (issue 24), as a browser without JavaScript posts them: the request form's
// server action stores the request with its photos (re-encoded), refuses a bad photo before anything is
// stored, and the order page's form adds photos until the job is done.
import { actionRequest as request, form, redirectOf, sendCookie } from "../helpers/server-action";
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import sharp from "sharp";
import { EMPTY_AUTH_FORM } from "@/lib/forms/state";
import { emptyRequestForm } from "@/lib/requests/form";
import { IDLE_STEP } from "@/lib/requests/step-form";
import { getDb, resetDatabase, snapshotTables } from "../helpers/db";
import { PDF, phoneJpeg, plainPng, warmUpPhotoIntake } from "../helpers/photos";

const { signUpAction } = await import("@/lib/auth/actions");
const { createRequestAction } = await import("@/lib/requests/actions");
const { addPhotosAction } = await import("@/lib/photos/actions");

const PASSWORD = "Quiet-harbour-lantern-42";
const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

// The first photo loads sharp and file-type (a cold start of seconds on a busy machine): before the clock of any test.
beforeAll(warmUpPhotoIntake, 120_000);

beforeEach(async () => {
  await resetDatabase();
  request.jar.clear();
  request.headers = new Headers();
  await redirectOf(signUpAction(EMPTY_AUTH_FORM, form({ email: `homeowner-${randomUUID()}@example.test`, password: PASSWORD })));
  sendCookie();
});

function withPhotos(fields: Record<string, string>, files: [Uint8Array, string][]): FormData {
  const data = form(fields);
  for (const [bytes, name] of files) data.append("photos", new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
  return data;
}

describe("the request form without JavaScript", () => {
  it("stores the request with its photos, re-encoded without metadata, once however often it is posted", async () => {
    const id = randomUUID();
    const fields = { request_id: id, task_type: "Painting", city: "Rotterdam", home_older_than_two_years: "no", date: tomorrow(), details: "Hallway walls." };
    const posted = withPhotos(fields, [[await phoneJpeg(), "IMG_1.jpg"], [await plainPng(), "IMG_2.png"], [new Uint8Array(0), ""]]);
    expect(await redirectOf(createRequestAction(emptyRequestForm(id), posted))).toBe(`/inputs/criteria/${id}`);
    expect(await redirectOf(createRequestAction(emptyRequestForm(id), withPhotos(fields, [[await plainPng(), "again.png"]])))).toBe(`/inputs/criteria/${id}`);
    const rows = await (await getDb()).requestPhoto.findMany({ where: { requestId: id }, orderBy: { position: "asc" }, select: { image: true, position: true } });
    expect(rows.map((row) => row.position)).toEqual([1, 2]);
    const meta = await sharp(Buffer.from(rows[0].image!)).metadata();
    expect([meta.format, meta.exif, meta.icc]).toEqual(["jpeg", undefined, undefined]);
  });

  it("refuses a PDF named .jpg with a message at the photo field, and stores neither the request nor any photo", async () => {
    const id = randomUUID();
    const before = await snapshotTables();
    const fields = { request_id: id, task_type: "Painting", city: "Rotterdam", home_older_than_two_years: "no", date: tomorrow(), details: "", in_page: "1" };
    const answer = await createRequestAction(emptyRequestForm(id), withPhotos(fields, [[await plainPng(), "ok.png"], [PDF, "scan.jpg"]]));
    expect(answer.saved).toBeUndefined();
    expect(answer.fieldErrors.photos).toMatch(/JPEG, PNG or WebP/);
    expect(await snapshotTables()).toBe(before);
  });

  it("refuses six photos with a message, storing nothing", async () => {
    const id = randomUUID();
    const png = await plainPng();
    const answer = await createRequestAction(
      emptyRequestForm(id),
      withPhotos({ request_id: id, task_type: "Painting", city: "Rotterdam", home_older_than_two_years: "no", date: tomorrow(), details: "", in_page: "1" }, Array.from({ length: 6 }, (_, i) => [png, `p${i}.png`] as [Uint8Array, string])),
    );
    expect(answer.fieldErrors.photos).toMatch(/at most 5 photos/);
    expect(await (await getDb()).repairRequest.count()).toBe(0);
  });
});

describe("the order page's photo form", () => {
  it("adds photos until there are five, and none to a finished job", async () => {
    const id = randomUUID();
    const fields = { request_id: id, task_type: "Painting", city: "Rotterdam", home_older_than_two_years: "no", date: tomorrow(), details: "" };
    await redirectOf(createRequestAction(emptyRequestForm(id), withPhotos(fields, [[await plainPng(), "a.png"]])));
    const png = await plainPng();
    expect(await redirectOf(addPhotosAction(IDLE_STEP, withPhotos({ request_id: id }, [[png, "b.png"], [png, "c.png"]])))).toBe(`/dashboard/orders/${id}?notice=photos-added`);
    const db = await getDb();
    expect(await db.requestPhoto.count({ where: { requestId: id } })).toBe(3);
    const tooMany = await addPhotosAction(IDLE_STEP, withPhotos({ request_id: id, in_page: "1" }, [[png, "d.png"], [png, "e.png"], [png, "f.png"]]));
    expect(tooMany.message).toMatch(/at most 5 photos/);
    await db.repairRequest.update({ where: { id }, data: { state: "done" } });
    const closed = await addPhotosAction(IDLE_STEP, withPhotos({ request_id: id, in_page: "1" }, [[png, "g.png"]]));
    expect(closed.message).toMatch(/until the job is done/);
    const stranger = await addPhotosAction(IDLE_STEP, withPhotos({ request_id: randomUUID(), in_page: "1" }, [[png, "h.png"]]));
    expect(stranger.message).toMatch(/not found/);
    expect(await db.requestPhoto.count()).toBe(3);
  });
});
