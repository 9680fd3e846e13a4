// The browser's query cache settings from the product: never stale, never evicted, three retries with
// a delay doubling from 1 s up to 30 s – and no pointless retries of answers that cannot change.
import { describe, expect, it } from "vitest";
import { ApiRequestError, isRetryableError } from "@/lib/api/client";
import { makeQueryClient, retryDelay } from "@/components/providers/query-provider";

describe("query client defaults", () => {
  const defaults = makeQueryClient().getDefaultOptions().queries!;

  it("keeps data fresh and cached for as long as the page is open", () => {
    expect(defaults.staleTime).toBe(Infinity);
    expect(defaults.gcTime).toBe(Infinity);
  });

  it("waits 1 s, 2 s, 4 s … between tries, never more than 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(defaults.retryDelay).toBe(retryDelay);
  });

  it("retries a failed load three times, then gives up", () => {
    const retry = defaults.retry as (failureCount: number, error: unknown) => boolean;
    const offline = new ApiRequestError("offline", 0);
    expect([0, 1, 2, 3].map((n) => retry(n, offline))).toEqual([true, true, true, false]);
  });

  it("does not retry answers that another try cannot change", () => {
    const retry = defaults.retry as (failureCount: number, error: unknown) => boolean;
    for (const status of [400, 401, 403, 404, 409]) expect(retry(0, new ApiRequestError("no", status))).toBe(false);
    for (const status of [0, 429, 500, 503]) expect(retry(0, new ApiRequestError("later", status))).toBe(true);
  });

  it("treats errors that are not API answers as worth retrying", () => {
    expect(isRetryableError(new TypeError("Failed to fetch"))).toBe(true);
  });
});
