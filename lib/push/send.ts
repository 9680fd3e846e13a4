// One push to one device through the standard protocol: `web-push` encrypts the payload (aes128gcm, RFC 8291)
// and signs the request (VAPID, RFC 8292); this module sends what it made, with a timeout, and only to
// public addresses: the endpoint's name is resolved here and every address it gives is checked
// (./address.ts), so a name that points inside the network is refused at the moment of sending too.
import "server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import webpush from "web-push";
import { LOCAL_PUSH_HOST, isPublicAddress } from "./address";
import type { VapidKeys } from "./vapid";

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushResult =
  | { kind: "sent"; status: number }
  /** The push service no longer knows the subscription (404/410): the device is removed. */
  | { kind: "gone"; status: number }
  /** Sending again will not help (a payload refused as too large or malformed). */
  | { kind: "refused"; status: number; detail: string }
  /** A timeout, a network failure, 429 or a 5xx: tried again later. */
  | { kind: "retry"; detail: string };

/** How long a push service may keep a push for a device that is off: a day (an offer's deadline is about that). */
const TTL_SECONDS = 24 * 60 * 60;

class RefusedAddress extends Error {}

/** dns.lookup that gives only public addresses. */
function publicLookup(hostname: string, options: object, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((entry) => !isPublicAddress(entry.address))) {
      return callback(Object.assign(new RefusedAddress(`${hostname} resolves to an address that is not public`), { code: "EREFUSED_ADDRESS" }), []);
    }
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}

/** Sends `payload` to `target`. Never throws: every outcome is a result. */
export async function sendPush(target: PushTarget, payload: string, keys: VapidKeys, { timeoutMs, allowLocal }: { timeoutMs: number; allowLocal: boolean }): Promise<PushResult> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: keys,
      TTL: TTL_SECONDS,
      contentEncoding: "aes128gcm",
      urgency: "high",
    });
  } catch (error) {
    return { kind: "refused", status: 0, detail: `could not encrypt: ${(error as Error).message}` };
  }
  const url = new URL(details.endpoint);
  const local = allowLocal && url.hostname === LOCAL_PUSH_HOST;
  const client = url.protocol === "http:" ? http : https;
  if (url.protocol === "http:" && !local) return { kind: "refused", status: 0, detail: "an http endpoint" };

  return new Promise<PushResult>((resolve) => {
    const request = client.request(
      {
        method: details.method,
        hostname: url.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: { ...details.headers, "Content-Length": String(details.body?.length ?? 0) },
        timeout: timeoutMs,
        ...(local ? {} : { lookup: publicLookup as unknown as typeof dnsLookup }),
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < 2000) text += chunk;
        });
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ kind: "sent", status });
          else if (status === 404 || status === 410) resolve({ kind: "gone", status });
          else if (status === 400 || status === 403 || status === 413) resolve({ kind: "refused", status, detail: `${status} ${text.slice(0, 200)}`.trim() });
          else resolve({ kind: "retry", detail: `${status} ${text.slice(0, 200)}`.trim() });
        });
        response.on("error", (error) => resolve({ kind: "retry", detail: error.message }));
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on("error", (error) => {
      if (error instanceof RefusedAddress) resolve({ kind: "refused", status: 0, detail: error.message });
      else resolve({ kind: "retry", detail: error.message });
    });
    request.end(details.body ?? undefined);
  });
}
