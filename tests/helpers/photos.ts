// Photos for tests, made with sharp in the test itself: a phone photo with GPS and camera EXIF, a PNG
// whose header claims 20,000 × 20,000 pixels, the hostile files of issue 24 — and multipart requests
// to the photo routes as a browser sends them.
import { deflateSync, crc32 } from "node:zlib";
import sharp from "sharp";
import * as photosRoute from "../../app/api/requests/[requestId]/photos/route";
import * as photoRoute from "../../app/api/requests/[requestId]/photos/[photoId]/route";
import * as problemPhotosRoute from "../../app/api/requests/[requestId]/problem-photos/route";
import { routeContext, type TestUser } from "./session";

/** A 64 × 48 JPEG that says it was taken by a camera at a place (GPS), with orientation 6 (turn right) and an ICC profile. */
export async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneMaker", Model: "Pocket Camera 12", Software: "Camera 1.0" },
      IFD2: { DateTimeOriginal: "2026:11:20 10:30:00", UserComment: "kitchen at home" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 22/1 1/1", GPSLongitudeRef: "E", GPSLongitude: "4/1 53/1 1/1" },
    })
    .toBuffer();
}

export async function plainPng(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } }).png().toBuffer();
}

export async function plainWebp(): Promise<Buffer> {
  return sharp({ create: { width: 30, height: 30, channels: 3, background: "#22aa22" } }).webp().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG of about 100 kB whose header says 20,000 × 20,000 pixels (a decompression bomb). */
export function pixelBombPng(): Buffer {
  return flatPng(20_000, 20_000, 8, 100 * 1024 * 1024);
}

/**
 * A PNG of one colour (RGB, 8 or 16 bits a sample), written by hand: small on disk, however many pixels it
 * has. Its rows are all there unless `dataBytes` cuts them short (the bomb's 1.2 GB would take too long to write).
 */
export function flatPng(width: number, height: number, bitDepth: 8 | 16, dataBytes = height * (1 + (width * 3 * bitDepth) / 8)): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, 2, 0, 0, 0], 8); // RGB
  // Each row: its filter byte (0) and the samples, all zero.
  const rows = deflateSync(Buffer.alloc(dataBytes), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", header), pngChunk("IDAT", rows), pngChunk("IEND", Buffer.alloc(0))]);
}

export const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
export const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(2)</script></svg>');

/** POST /api/requests/{id}/photos with one file, as a browser's multipart form sends it. */
export function postPhoto(user: TestUser | null, requestId: string, bytes: Uint8Array, name = "photo.jpg", type = "image/jpeg"): Promise<Response> {
  const form = new FormData();
  form.append("photo", new File([new Uint8Array(bytes)], name, { type }));
  const headers: Record<string, string> = user ? { cookie: user.cookie } : {};
  const req = new Request(`http://localhost:3000/api/requests/${requestId}/photos`, { method: "POST", body: form, headers });
  return photosRoute.POST(req, routeContext({ requestId }));
}

/** POST /api/requests/{id}/problem-photos with one file: a photo of the problem, to the homeowner's open report. */
export function postProblemPhoto(user: TestUser | null, requestId: string, bytes: Uint8Array, name = "problem.jpg", type = "image/jpeg"): Promise<Response> {
  const form = new FormData();
  form.append("photo", new File([new Uint8Array(bytes)], name, { type }));
  const headers: Record<string, string> = user ? { cookie: user.cookie } : {};
  const req = new Request(`http://localhost:3000/api/requests/${requestId}/problem-photos`, { method: "POST", body: form, headers });
  return problemPhotosRoute.POST(req, routeContext({ requestId }));
}

/** GET /api/requests/{id}/problem-photos. */
export function listProblemPhotos(user: TestUser, requestId: string): Promise<Response> {
  const req = new Request(`http://localhost:3000/api/requests/${requestId}/problem-photos`, { headers: { cookie: user.cookie } });
  return problemPhotosRoute.GET(req, routeContext({ requestId }));
}

export function getPhoto(user: TestUser | null, requestId: string, photoId: string, size?: "thumb" | string): Promise<Response> {
  const query = size ? `?size=${encodeURIComponent(size)}` : "";
  const req = new Request(`http://localhost:3000/api/requests/${requestId}/photos/${photoId}${query}`, { headers: user ? { cookie: user.cookie } : {} });
  return photoRoute.GET(req, routeContext({ requestId, photoId }));
}

export function deletePhoto(user: TestUser, requestId: string, photoId: string): Promise<Response> {
  const req = new Request(`http://localhost:3000/api/requests/${requestId}/photos/${photoId}`, { method: "DELETE", headers: { cookie: user.cookie } });
  return photoRoute.DELETE(req, routeContext({ requestId, photoId }));
}

export function listPhotos(user: TestUser, requestId: string): Promise<Response> {
  const req = new Request(`http://localhost:3000/api/requests/${requestId}/photos`, { headers: { cookie: user.cookie } });
  return photosRoute.GET(req, routeContext({ requestId }));
}

/** Uploads `bytes` and returns the stored photo's id (expects 201). */
export async function uploadedPhotoId(user: TestUser, requestId: string, bytes: Uint8Array): Promise<string> {
  const response = await postPhoto(user, requestId, bytes);
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { photo: { id: string } }).photo.id;
}

/** Loads sharp and file-type and runs one photo through them, so the first test does not pay the cold start. */
export async function warmUpPhotoIntake(): Promise<void> {
  const { encodePhoto, inspectPhoto } = await import("../../lib/photos/intake");
  await encodePhoto(await inspectPhoto(await phoneJpeg()));
}
