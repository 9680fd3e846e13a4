// The origin of the current request's site (see site-url.ts). Reading the request headers makes the
// calling page or route render on request.
import "server-only";
import { headers } from "next/headers";
import { env } from "../env";
import { resolveSiteOrigin } from "./site-url";

export async function getSiteOrigin(): Promise<string> {
  return resolveSiteOrigin(env().NEXTAUTH_URL, await headers());
}
