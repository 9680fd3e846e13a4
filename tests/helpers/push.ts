// A browser's side of web push, for tests without the internet: a push service of our own on 127.0.0.1
// (a small HTTP server that records what arrives and answers as told: 201, 410, or nothing at all), and a
// subscription made as a browser makes one (a P-256 key pair and a 16-byte auth secret), whose private key
// decrypts what web-push sent (aes128gcm, RFC 8291) with the http_ece package.
import { createECDH, randomBytes, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
// @ts-expect-error http_ece ships no types
import ece from "http_ece";

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type PushServiceAnswer = number | "hang";

export type TestPushService = {
  origin: string;
  received: ReceivedPush[];
  /** How the service answers the next pushes (201 by default). */
  answer(status: PushServiceAnswer): void;
  stop(): Promise<void>;
};

export async function startPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  let answer: PushServiceAnswer = 201;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      if (answer === "hang") return; // never answers: the sender's timeout must cut it off
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer(status) {
      answer = status;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type BrowserSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  /** The JSON a browser's PushSubscription.toJSON() gives. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
};

/** A subscription as a browser makes one, at `service` under a path of its own. */
export function browserSubscription(service: Pick<TestPushService, "origin">, id = randomBytes(8).toString("hex")): BrowserSubscription {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
  const endpoint = `${service.origin}/push/${id}`;
  return { endpoint, keys, ecdh, json: { endpoint, expirationTime: null, keys } };
}

/** The payload of a push that arrived, decrypted with the subscription's private key and auth secret. */
export function decryptPush(push: ReceivedPush, subscription: BrowserSubscription): unknown {
  expect(push.headers["content-encoding"]).toBe("aes128gcm");
  const plain: Buffer = ece.decrypt(push.body, { version: "aes128gcm", privateKey: subscription.ecdh, authSecret: subscription.keys.auth });
  return JSON.parse(plain.toString("utf8"));
}
