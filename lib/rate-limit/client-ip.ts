// The client's address, for per-address rate limits. Only a header set by a trusted reverse proxy
// (TRUSTED_IP_HEADER) is believed: anything else in a request can be written by the client.
//
// Without a trusted header the address is unknown (null). Callers then skip per-address limits rather
// than count everybody in one shared bucket, which would let one attacker lock every visitor out;
// per-account limits still apply. Production behind a proxy should set TRUSTED_IP_HEADER.
import { isIP } from "node:net";

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function readHeader(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(",") : value;
}

function stripPort(candidate: string): string {
  const value = candidate.trim().replace(/^"|"$/g, "");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) return bracketed[1];
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  if (ipv4WithPort) return ipv4WithPort[1];
  return value;
}

/** Expands an IPv6 address into its eight 16-bit groups. */
function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0];
  const embeddedV4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (embeddedV4) {
    const [a, b, c, d] = embeddedV4[1].split(".").map(Number);
    text = text.slice(0, -embeddedV4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups].map((group) => parseInt(group, 16));
}

/**
 * One rate-limit identity per client: an IPv4 address as is; an IPv6 address by its /64 network,
 * since one subscriber usually holds a whole /64; an IPv4-mapped IPv6 address as the IPv4 address.
 */
export function normaliseIp(address: string): string | null {
  const value = stripPort(address);
  const version = isIP(value);
  if (version === 4) return value;
  if (version !== 6) return null;
  const groups = ipv6Groups(value.toLowerCase());
  if (groups.length !== 8 || groups.some((g) => Number.isNaN(g))) return null;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

/**
 * The keys an address is counted under: an IPv4 address alone; an IPv6 /64 also under its /56, since
 * providers often hand one subscriber a whole /56 and an attacker could otherwise rotate through 256
 * networks of their own.
 */
export function addressKeys(ip: string): string[] {
  const network = /^([0-9a-f]+):([0-9a-f]+):([0-9a-f]+):([0-9a-f]+)::\/64$/.exec(ip);
  if (!network) return [ip];
  const fourth = parseInt(network[4], 16) & 0xff00;
  return [ip, `${network[1]}:${network[2]}:${network[3]}:${fourth.toString(16)}::/56`];
}

/**
 * The client address from the trusted header, or null when none is configured or the value is not an
 * address. For list headers (X-Forwarded-For) the last entry is taken: it is the one the trusted proxy
 * itself added; entries before it came from the client and may be forged.
 */
export function clientIp(headers: HeaderSource, trustedHeader: string | undefined): string | null {
  if (!trustedHeader) return null;
  const raw = readHeader(headers, trustedHeader);
  if (!raw) return null;
  const entries = raw.split(",").map((entry) => entry.trim()).filter(Boolean);
  const last = entries.at(-1);
  return last ? normaliseIp(last) : null;
}
