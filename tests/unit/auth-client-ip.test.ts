// The client address comes only from the configured trusted header, and is normalised per client.
import { describe, expect, it } from "vitest";
import { addressKeys, clientIp, normaliseIp } from "../../lib/rate-limit/client-ip";

describe("clientIp", () => {
  it("is unknown (null) when no trusted header is configured, whatever the request claims", () => {
    const headers = new Headers({ "x-forwarded-for": "203.0.113.9", "x-real-ip": "203.0.113.9" });
    expect(clientIp(headers, undefined)).toBeNull();
  });

  it("reads the configured header only", () => {
    const headers = new Headers({ "x-forwarded-for": "198.51.100.1", "x-real-ip": "203.0.113.9" });
    expect(clientIp(headers, "x-real-ip")).toBe("203.0.113.9");
    expect(clientIp(headers, "x-forwarded-for")).toBe("198.51.100.1");
  });

  it("takes the last X-Forwarded-For entry, the one the trusted proxy added", () => {
    const headers = new Headers({ "x-forwarded-for": "10.9.9.9, 1.2.3.4,  198.51.100.7" });
    expect(clientIp(headers, "x-forwarded-for")).toBe("198.51.100.7");
  });

  it("reads plain header objects (next-auth passes those) as well as Headers", () => {
    expect(clientIp({ "x-real-ip": "203.0.113.5" }, "x-real-ip")).toBe("203.0.113.5");
    expect(clientIp({ "x-real-ip": ["203.0.113.5"] }, "x-real-ip")).toBe("203.0.113.5");
  });

  it.each([[""], ["unknown"], ["not an address"], ["999.1.1.1"], ["1.2.3"]])("is null for a header value of %j", (value) => {
    expect(clientIp(new Headers({ "x-real-ip": value }), "x-real-ip")).toBeNull();
  });

  it("is null when the configured header is missing", () => {
    expect(clientIp(new Headers(), "x-real-ip")).toBeNull();
  });
});

describe("normaliseIp", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["203.0.113.9:51234", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["[2001:db8:aa:bb:1:2:3:4]:443", "2001:db8:aa:bb::/64"],
    ["2001:db8:aa:bb::1", "2001:db8:aa:bb::/64"],
    ["2001:DB8:AA:BB:ffff::9", "2001:db8:aa:bb::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("normalises %s to %s", (input, expected) => {
    expect(normaliseIp(input)).toBe(expected);
  });

  it("puts two addresses of one IPv6 /64 in one bucket and another /64 in another", () => {
    expect(normaliseIp("2001:db8:1:2::a")).toBe(normaliseIp("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(normaliseIp("2001:db8:1:3::a")).not.toBe(normaliseIp("2001:db8:1:2::a"));
  });
});

describe("addressKeys", () => {
  it("counts an IPv4 address once", () => {
    expect(addressKeys("203.0.113.9")).toEqual(["203.0.113.9"]);
  });

  it("counts an IPv6 /64 under its /56 as well", () => {
    expect(addressKeys("2001:db8:aa:bb::/64")).toEqual(["2001:db8:aa:bb::/64", "2001:db8:aa:0::/56"]);
    expect(addressKeys(normaliseIp("2001:db8:aa:1ff::9")!)).toEqual(["2001:db8:aa:1ff::/64", "2001:db8:aa:100::/56"]);
  });

  it("puts two /64s of one /56 in one bucket and a /64 of the next /56 in another", () => {
    const [, first] = addressKeys(normaliseIp("2001:db8:1:200::1")!);
    const [, sibling] = addressKeys(normaliseIp("2001:db8:1:2ff::1")!);
    const [, neighbour] = addressKeys(normaliseIp("2001:db8:1:300::1")!);
    expect(first).toBe(sibling);
    expect(first).not.toBe(neighbour);
  });
});
