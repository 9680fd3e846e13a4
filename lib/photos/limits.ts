// The limits of photos with a request, in one place: the route, the form, the server action and the docs say these.
/** Photos a request may have. */
export const MAX_PHOTOS_PER_REQUEST = 5;
/** Bytes of one photo as sent. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Pixels of one photo (width × height), read from its header before it is decoded. */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** The long side of a stored photo, in pixels (smaller photos keep their size). */
export const PHOTO_LONG_SIDE = 2048;
/** The long side of a thumbnail, in pixels. */
export const THUMBNAIL_LONG_SIDE = 400;
/** The types accepted, told from the bytes. */
export const ACCEPTED_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** What the file input offers (the server decides from the bytes anyway). */
export const PHOTO_INPUT_ACCEPT = ACCEPTED_PHOTO_TYPES.join(",");
/** Room for a multipart body's boundaries and headers around one photo. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** The name of the file field forms post photos in. */
export const PHOTOS_FIELD = "photos";
/** A form's post with the most photos it may carry: Next.js's server-action body limit (next.config.ts). */
export const MAX_PHOTO_FORM_BYTES = MAX_PHOTOS_PER_REQUEST * MAX_PHOTO_BYTES + 1024 * 1024;
/**
 * Bytes one photo may take once decoded: width × height × channels × bytes per sample. As much as 40
 * megapixels of 8-bit RGB (120 MB), so a 16-bit photo (twice the bytes a sample) or a CMYK or RGBA one
 * (four channels) is held to fewer pixels. Read from the header, before anything is decoded.
 */
export const MAX_DECODED_PHOTO_BYTES = MAX_PHOTO_PIXELS * 3;
/** Photos one account may send to be processed in an hour (form and API together). */
export const PHOTOS_PER_ACCOUNT_PER_HOUR = 30;
/** Posts whose photos are decoded at once in one instance (each one photo at a time): the others wait in line. */
export const PHOTO_WORK_AT_ONCE = 2;
/** Posts that may wait in that line; one more is answered 503 with Retry-After instead of waiting. */
export const PHOTO_WORK_WAITING = 4;
/** What Retry-After says when the line is full, in seconds. */
export const PHOTO_WORK_RETRY_AFTER_SECONDS = 10;
/** How long a photo's place on a request is kept while it is processed, should the server die meanwhile. */
export const PHOTO_RESERVATION_SECONDS = 10 * 60;
