// A JSON document written as a stream: objects and arrays known in full are written as JSON.stringify(…,
// null, 2) writes them, and any array given as an async iterable is written element by element as it is
// read, so a document with thousands of rows is never held in memory at once. The text is byte for byte
// what JSON.stringify(value, null, 2) would give for the same values collected.

/** An array written as it is read. */
export type Streamed<T> = AsyncIterable<T>;

function isStreamed(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

/** Whether `value` holds a streamed array anywhere inside it (then it is written piece by piece). */
function holdsStream(value: unknown): boolean {
  if (isStreamed(value)) return true;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).some(holdsStream);
}

const pad = (depth: number) => "  ".repeat(depth);

/** The pieces of `value`'s JSON text at nesting `depth`. */
export async function* jsonPieces(value: unknown, depth = 0): AsyncGenerator<string> {
  if (isStreamed(value)) {
    let first = true;
    for await (const item of value) {
      yield (first ? "[\n" : ",\n") + pad(depth + 1);
      first = false;
      yield* jsonPieces(item, depth + 1);
    }
    yield first ? "[]" : `\n${pad(depth)}]`;
    return;
  }
  if (!holdsStream(value)) {
    const text = JSON.stringify(value, null, 2);
    yield (text ?? "null").replace(/\n/g, `\n${pad(depth)}`);
    return;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined && typeof item !== "function");
  if (entries.length === 0) {
    yield "{}";
    return;
  }
  let first = true;
  for (const [key, item] of entries) {
    yield `${first ? "{\n" : ",\n"}${pad(depth + 1)}${JSON.stringify(key)}: `;
    first = false;
    yield* jsonPieces(item, depth + 1);
  }
  yield `\n${pad(depth)}}`;
}

/** `value` as a byte stream of its JSON text, read only as fast as the reader takes it (pieces sent in ~16 KiB chunks). */
export function jsonStream(value: unknown, onError: (error: unknown) => void = () => {}): ReadableStream<Uint8Array> {
  return textStream(jsonPieces(value), onError);
}

/** Text pieces as a byte stream, read only as fast as the reader takes it (sent in ~16 KiB chunks). */
export function textStream(pieces: AsyncGenerator<string>, onError: (error: unknown) => void = () => {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = "";
      try {
        while (chunk.length < 16_384) {
          const next = await pieces.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += next.value;
        }
        controller.enqueue(encoder.encode(chunk));
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
