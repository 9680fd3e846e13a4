// The origin of the current request's site (see site-url.ts). Reading the request headers makes the
// calling page or route render on request.
import "server-only";
import { headers } from "next/headers";
import { env } from "../env";
import { resolveSiteOrigin } from "./site-url";

export async function getSiteOrigin(): Promise<string> {
  return resolveSiteOrigin(env().NEXTAUTH_URL, await headers());
}

/**
 * The configured origin (NEXTAUTH_URL), for pages kept in the cache and served to every visitor alike,
 * which read no request; without it, the local development address.
 */
export function configuredSiteOrigin(): string {
  // Read as it is (lib/env checks it when the server starts): `next build` renders these pages too.
  return resolveSiteOrigin(process.env.NEXTAUTH_URL, new Headers());
}
