// Reading request bodies, for the API's JSON and next-auth's form posts alike: one size limit, the same
// refusals. 415 for the wrong content type, 413 past 16 KiB (also when the client lies about
// Content-Length or sends none), 400 for a body that breaks off or does not parse.
import { ApiError } from "./errors";

export const MAX_BODY_BYTES = 16 * 1024;

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

const kinds = {
  json: {
    type: JSON_TYPE,
    wrongType: { key: "body.jsonType" },
    tooLarge: { key: "body.jsonTooLarge", values: { kib: MAX_BODY_BYTES / 1024 } },
  },
  form: {
    type: FORM_TYPE,
    wrongType: { key: "body.formType" },
    tooLarge: { key: "body.formTooLarge", values: { kib: MAX_BODY_BYTES / 1024 } },
  },
} as const;

/** The body as text, once its content type is the expected kind and its size within the limit. */
export async function readBody(req: Request, kind: keyof typeof kinds): Promise<string> {
  const expected = kinds[kind];
  if (!expected.type.test((req.headers.get("content-type") ?? "").trim())) {
    throw new ApiError("unsupported_media_type", expected.wrongType);
  }
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw new ApiError("payload_too_large", expected.tooLarge);
  const bytes = await readUpTo(req.body, MAX_BODY_BYTES, () => new ApiError("payload_too_large", expected.tooLarge));
  return bytes.toString("utf8");
}

/**
 * The bytes of `stream`, at most `limit` of them: past it the stream is cancelled and `overLimit()` thrown,
 * so no more than `limit` bytes are ever held. A body the client stops sending midway (a reset connection)
 * is its fault, not the database's or ours: 400.
 */
export async function readUpTo(stream: ReadableStream<Uint8Array> | null, limit: number, overLimit: () => ApiError): Promise<Buffer> {
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new ApiError("bad_request", { key: "body.unreadable" });
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw overLimit();
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks, size);
}

/** A JSON body, parsed. */
export async function readJsonBody(req: Request): Promise<unknown> {
  const text = await readBody(req, "json");
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", { key: "body.notJson" });
  }
}
