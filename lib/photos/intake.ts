// What a sent photo goes through before anything is stored: read under a hard byte limit while it
// streams (a 50 MB upload is stopped at 10 MB, never buffered whole), typed from its bytes (JPEG, PNG or
// WebP; a PDF named .jpg, HTML or SVG is refused), its pixel count read from the header before it is
// decoded, then decoded, turned upright by its orientation, scaled to at most 2048 px on the long side and
// encoded again as JPEG, with a 400 px thumbnail. sharp writes no metadata unless asked (withMetadata), so
// EXIF (GPS, camera), ICC profiles, XMP and comments are all dropped, and whatever followed the image in the
// file (HTML appended to a JPEG) is not part of the decoded pixels. What is stored is never what was sent.
// The checks that need no decoding (inspectPhoto) and the decoding itself (encodePhoto, only ever run in
// the line of ./work.ts) are apart, so every refusal that can come first does.
import "server-only";
import sharp, { type Metadata } from "sharp";
import { ApiError } from "../api/errors";
import { ACCEPTED_PHOTO_TYPES, MAX_DECODED_PHOTO_BYTES, MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, PHOTO_LONG_SIDE, THUMBNAIL_LONG_SIDE } from "./limits";
import { countDecoded } from "./work";

export type ProcessedPhoto = {
  contentType: "image/jpeg";
  image: Buffer;
  width: number;
  height: number;
  thumbnail: Buffer;
  thumbWidth: number;
  thumbHeight: number;
};

/** The refusal of a photo past MAX_PHOTO_BYTES, wherever it is found out. */
export const tooLarge = () => new ApiError("payload_too_large", { key: "photo.tooLarge", values: { mb: MAX_PHOTO_BYTES / 1024 / 1024 } });

/** A stream that passes at most `limit` bytes and errors (with 413) past it, for parsers that read a whole body. */
export function limitStream(stream: ReadableStream<Uint8Array>, limit: number, overLimit: () => ApiError = tooLarge): ReadableStream<Uint8Array> {
  let size = 0;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) controller.error(overLimit());
        else controller.enqueue(chunk);
      },
    }),
  );
}

const refused = () => new ApiError("unsupported_media_type", { key: "photo.wrongType" });

/** The photo's type told from its bytes; anything but JPEG, PNG or WebP is refused (415). */
export async function photoTypeOf(bytes: Uint8Array): Promise<(typeof ACCEPTED_PHOTO_TYPES)[number]> {
  // file-type is ESM-only; a dynamic import keeps it out of any CommonJS path.
  const { fileTypeFromBuffer } = await import("file-type");
  const type = await fileTypeFromBuffer(bytes);
  const mime = type?.mime as (typeof ACCEPTED_PHOTO_TYPES)[number] | undefined;
  if (!mime || !ACCEPTED_PHOTO_TYPES.includes(mime)) throw refused();
  return mime;
}

/** The bytes each sample of a decoded image takes, by libvips's band format. */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

/** A photo that passed every check that needs no decoding: what it holds, and its header. */
export type InspectedPhoto = { bytes: Buffer; width: number; height: number; decodedBytes: number };

/**
 * Every check of one photo as sent that needs no decoding, in the order of their cost: empty (400), too
 * many bytes (413), the type from the bytes (415), then the header: its pixels (413 past 40 megapixels, or
 * more than one page) and the bytes it takes once decoded, width × height × channels × bytes per sample
 * (413 past MAX_DECODED_PHOTO_BYTES: a 16-bit or CMYK photo is held to fewer pixels). Nothing is decoded.
 */
export async function inspectPhoto(bytes: Buffer): Promise<InspectedPhoto> {
  if (bytes.byteLength === 0) throw new ApiError("bad_request", { key: "photo.empty" });
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw tooLarge();
  await photoTypeOf(bytes);

  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError("bad_request", { key: "photo.unreadable" });
  }
  if (!header.width || !header.height) throw new ApiError("bad_request", { key: "photo.unreadable" });
  if (header.width * header.height > MAX_PHOTO_PIXELS || (header.pages ?? 1) > 1) {
    throw new ApiError("payload_too_large", { key: "photo.tooManyPixels", values: { megapixels: MAX_PHOTO_PIXELS / 1_000_000 } });
  }
  const decodedBytes = header.width * header.height * (header.channels ?? 4) * (SAMPLE_BYTES[header.depth ?? ""] ?? 8);
  if (decodedBytes > MAX_DECODED_PHOTO_BYTES) {
    throw new ApiError("payload_too_large", { key: "photo.tooManyBytes", values: { megapixels: MAX_PHOTO_PIXELS / 1_000_000 } });
  }
  return { bytes, width: header.width, height: header.height, decodedBytes };
}

/**
 * Decodes and re-encodes one inspected photo (counted by ./work.ts). Call it only in the line
 * (`inPhotoLine`): it is the costly part. 400 for a photo that turns out truncated or corrupt.
 */
export async function encodePhoto({ bytes }: InspectedPhoto): Promise<ProcessedPhoto> {
  countDecoded();
  try {
    // failOn "error": a truncated or corrupt image is refused rather than stored half grey. libvips
    // shrinks a large JPEG while it loads, so a 40 MP photo is never held whole as raw pixels.
    const image = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize({ width: PHOTO_LONG_SIDE, height: PHOTO_LONG_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(image.data)
      .resize({ width: THUMBNAIL_LONG_SIDE, height: THUMBNAIL_LONG_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return {
      contentType: "image/jpeg",
      image: image.data,
      width: image.info.width,
      height: image.info.height,
      thumbnail: thumbnail.data,
      thumbWidth: thumbnail.info.width,
      thumbHeight: thumbnail.info.height,
    };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError("bad_request", { key: "photo.unreadable" });
  }
}
