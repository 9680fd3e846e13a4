// The VAPID key pair that signs every push (RFC 8292). From the environment in production (VAPID_PUBLIC_KEY,
// VAPID_PRIVATE_KEY, VAPID_SUBJECT); without them there, push is off and /account says so. In development
// a pair is made once and kept in .data/vapid-keys.json (so the server and `npm run worker` share it and
// subscriptions survive restarts); in tests a pair is made per process and kept in memory.
import "server-only";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { env } from "../env";
import { supportContact } from "../content/site";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const store = globalThis as unknown as { __fixwellVapid?: VapidKeys | null };

function localPair(file: string | null): { publicKey: string; privateKey: string } {
  if (file && existsSync(file)) {
    try {
      const kept = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
      if (typeof kept.publicKey === "string" && typeof kept.privateKey === "string") return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    } catch {
      // A damaged file is replaced below.
    }
  }
  const pair = webpush.generateVAPIDKeys();
  if (file) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(pair) + "\n", { mode: 0o600 });
  }
  return pair;
}

/** This process's keys, or null when push is off (production without keys). */
export function vapidKeys(): VapidKeys | null {
  if (store.__fixwellVapid !== undefined) return store.__fixwellVapid;
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, NODE_ENV } = env();
  const subject = VAPID_SUBJECT ?? `mailto:${supportContact.email}`;
  let keys: VapidKeys | null;
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY) keys = { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject };
  else if (NODE_ENV === "production") keys = null;
  else keys = { ...localPair(NODE_ENV === "test" ? null : path.join(process.cwd(), ".data", "vapid-keys.json")), subject };
  store.__fixwellVapid = keys;
  return keys;
}

/** Whether this site sends pushes: what /account tells a person before offering the button. */
export function pushIsOn(): boolean {
  return vapidKeys() !== null;
}
