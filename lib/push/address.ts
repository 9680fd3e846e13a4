// Which push endpoints the server may call. A subscription names an address the server will send to, so a
// person could otherwise make the server call anything: an address inside the network, a metadata service,
// the server itself. Only https on the default port, to a host name with a dot or a public address, is
// taken; and when a push is sent, the name is resolved and each address it gives is checked again
// (./send.ts), so a name that points inside later is refused too. A test's own push service at
// http(s)://127.0.0.1 is allowed only in tests or with PUSH_LOCAL_ENDPOINTS=on.
import { BlockList, isIP } from "node:net";

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127], // :: and ::1
  ["::ffff:0:0", 96], // IPv4-mapped: checked as IPv4 below
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether `address` (an IPv4 or IPv6 address) is one on the public internet. */
export function isPublicAddress(address: string): boolean {
  const mapped = MAPPED_V4.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|lan|intranet|corp)$/i;

/** The test push service's host: only this loopback address, only when local endpoints are allowed. */
export const LOCAL_PUSH_HOST = "127.0.0.1";

/** Why `endpoint` may not be used, or null when it may. */
export function endpointProblem(endpoint: string, allowLocal: boolean): "malformed" | "scheme" | "private" | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "malformed";
  }
  if (url.username || url.password || url.hash) return "malformed";
  if (allowLocal && url.hostname === LOCAL_PUSH_HOST && (url.protocol === "http:" || url.protocol === "https:")) return null;
  if (url.protocol !== "https:") return "scheme";
  if (url.port !== "" && url.port !== "443") return "private";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isPublicAddress(host) ? null : "private";
  if (!host.includes(".") || LOCAL_NAMES.test(host.replace(/\.$/, ""))) return "private";
  return null;
}
