// Plain HTTP calls for the multi-instance test, on a fresh connection each, optionally from a chosen
// loopback source address (any of 127.0.0.0/8): to nginx each such address is another client.
import http from "node:http";

export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string; json<T = unknown>(): T };

export type HttpOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The source address of the connection, e.g. 127.31.7.9. */
  localAddress?: string;
  timeoutMs?: number;
};

export function httpRequest(port: number, path: string, options: HttpOptions = {}): Promise<HttpAnswer> {
  const { method = "GET", headers = {}, body, localAddress, timeoutMs = 15_000 } = options;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        localAddress,
        agent: false,
        headers: { ...headers, ...(body !== undefined ? { "content-length": String(Buffer.byteLength(body)) } : {}) },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text, json: <T>() => JSON.parse(text) as T });
        });
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`${method} ${path} on port ${port} timed out`)));
    request.on("error", reject);
    request.end(body);
  });
}

/** `name=value` pairs of every Set-Cookie in `answer`, for a Cookie header. */
export function cookiesOf(answer: HttpAnswer): string[] {
  return (answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]);
}

/** A random source address in 127.0.0.0/8 other than 127.0.0.1, for a client nobody else is. */
export function randomLoopbackAddress(): string {
  const byte = () => 2 + Math.floor(Math.random() * 250);
  return `127.${byte()}.${byte()}.${byte()}`;
}
