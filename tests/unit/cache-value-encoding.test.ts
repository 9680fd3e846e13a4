// What the Redis cache handler stores must come back as Next.js gave it: rendered pages carry Buffers
// (the RSC payload) and Maps of Buffers (per-segment payloads), which plain JSON would turn into
// objects that break client-side navigation.
import { describe, expect, it } from "vitest";
import { decodeValue, encodeValue } from "../../lib/cache/redis-cache-handler.mjs";

describe("the Redis cache handler's value encoding", () => {
  it("keeps Buffers and Maps of Buffers through a round trip", () => {
    const page = {
      kind: "APP_PAGE",
      html: "<!DOCTYPE html><p>Hello</p>",
      rscData: Buffer.from([0, 1, 2, 250, 255]),
      segmentData: new Map([
        ["/_tree", Buffer.from("tree")],
        ["/_index", Buffer.from("index")],
      ]),
      headers: { "x-next-cache-tags": "_N_T_/layout,_N_T_/" },
      status: 200,
    };
    const decoded = decodeValue(encodeValue(page));
    expect(Buffer.isBuffer(decoded.rscData)).toBe(true);
    expect([...decoded.rscData]).toEqual([0, 1, 2, 250, 255]);
    expect(decoded.segmentData).toBeInstanceOf(Map);
    expect(decoded.segmentData.get("/_tree").toString()).toBe("tree");
    expect(decoded.segmentData.get("/_index").toString()).toBe("index");
    expect(decoded).toMatchObject({ kind: "APP_PAGE", html: page.html, headers: page.headers, status: 200 });
  });

  it("leaves data that merely looks like an encoded Buffer alone", () => {
    const data = { body: { $buffer: "not base64 of anything", note: "two keys" }, list: [{ $map: "not an array" }] };
    expect(decodeValue(encodeValue(data))).toEqual(data);
  });

  it("keeps null values (a page cached as not found)", () => {
    expect(decodeValue(encodeValue({ value: null, tags: [] }))).toEqual({ value: null, tags: [] });
  });
});
