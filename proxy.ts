// Runs before the signed-in pages and the sign-in/up forms (never before /api, whose handlers answer
// 401 JSON themselves): see lib/auth/route-guard.ts.
import { NextResponse, type NextRequest } from "next/server";
import { guardRoute } from "@/lib/auth/route-guard";

export async function proxy(request: NextRequest) {
  return (await guardRoute(request)) ?? NextResponse.next();
}

export const config = {
  matcher: ["/account/:path*", "/dashboard/:path*", "/inputs/:path*", "/help/:path*", "/login", "/signup"],
};
