// The proxy's redirects: signed-out visitors leave the signed-in pages for /, signed-in visitors of
// /login and /signup go to /inputs, and every other path passes untouched.
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { guardRoute } from "../../lib/auth/route-guard";

async function request(path: string, signedIn: boolean): Promise<NextRequest> {
  const headers = new Headers();
  if (signedIn) {
    const token = await encode({ token: { sub: "1b4e28ba-2fa1-11d2-883f-0016d3cca427", email: "jane@example.com" }, secret: process.env.NEXTAUTH_SECRET! });
    headers.set("cookie", `next-auth.session-token=${token}`);
  }
  return new NextRequest(new URL(path, "http://localhost:3000"), { headers });
}

const guarded = ["/account", "/dashboard", "/dashboard/account", "/dashboard/orders", "/inputs", "/inputs/criteria/abc", "/inputs/criteria/arranging", "/help", "/pro"];

describe("guardRoute", () => {
  it.each(guarded)("sends a signed-out visitor of %s to /", async (path) => {
    const response = await guardRoute(await request(path, false));
    expect(response?.status).toBe(307);
    expect(new URL(response!.headers.get("location")!).pathname).toBe("/");
  });

  it.each(guarded)("lets a signed-in visitor open %s", async (path) => {
    expect(await guardRoute(await request(path, true))).toBeNull();
  });

  it.each(["/login", "/signup"])("sends a signed-in visitor of %s to /inputs", async (path) => {
    const response = await guardRoute(await request(path, true));
    expect(new URL(response!.headers.get("location")!).pathname).toBe("/inputs");
  });

  it.each(["/login", "/signup"])("lets a signed-out visitor open %s", async (path) => {
    expect(await guardRoute(await request(path, false))).toBeNull();
  });

  it.each(["/", "/customer-help", "/helpers", "/accounting", "/job-openings", "/team", "/products"])("leaves the public path %s alone", async (path) => {
    expect(await guardRoute(await request(path, false))).toBeNull();
  });

  it("treats a cookie that does not decrypt with the secret as signed out", async () => {
    const forged = await encode({ token: { sub: "someone" }, secret: "not-the-app-secret-but-long-enough-0000" });
    const req = new NextRequest("http://localhost:3000/account", { headers: { cookie: `next-auth.session-token=${forged}` } });
    const response = await guardRoute(req);
    expect(new URL(response!.headers.get("location")!).pathname).toBe("/");
  });
});
