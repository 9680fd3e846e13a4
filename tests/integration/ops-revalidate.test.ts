// POST /api/ops/revalidate: only a signed-in operator may expire the cached job
// openings (on every instance); anyone else gets 404, as if it did not exist, and nothing is expired.
import { beforeEach, describe, expect, it, vi } from "vitest";

const revalidateTag = vi.hoisted(() => vi.fn());
vi.mock("next/cache", async (importOriginal) => ({ ...(await importOriginal<typeof import("next/cache")>()), revalidateTag }));

import { POST } from "../../app/api/ops/revalidate/route";
import { getDb, resetDatabase } from "../helpers/db";
import { apiRequest, createSignedInUser, routeContext } from "../helpers/session";

const call = (cookie?: string) => POST(apiRequest("POST", "/api/ops/revalidate", { cookie }), routeContext());

beforeEach(async () => {
  await resetDatabase();
  revalidateTag.mockClear();
});

describe("POST /api/ops/revalidate", () => {
  it("expires the job-openings tag at once when an operator asks", async () => {
    const operator = await createSignedInUser();
    await (await getDb()).user.update({ where: { id: operator.id }, data: { role: "operator" } });
    const response = await call(operator.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revalidated: ["job-openings"] });
    expect(revalidateTag).toHaveBeenCalledExactlyOnceWith("job-openings", { expire: 0 });
  });

  it.each([
    ["a visitor who is not signed in", async () => undefined, 404],
    ["a homeowner", async () => (await createSignedInUser()).cookie, 404],
    [
      "a handyman",
      async () => {
        const user = await createSignedInUser();
        await (await getDb()).user.update({ where: { id: user.id }, data: { role: "handyman" } });
        return user.cookie;
      },
      404,
    ],
  ])("refuses %s and expires nothing", async (_who, cookieFor, status) => {
    const response = await call(await cookieFor());
    expect(response.status).toBe(status);
    expect(revalidateTag).not.toHaveBeenCalled();
  });
});
