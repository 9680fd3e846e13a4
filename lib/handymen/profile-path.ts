// The address of a handyman's public profile, /pros/{slug} (and /nl/pros/{slug}), as the proxy and the
// pages see it. The proxy answers a removed or suspended handyman's page 410 and an unknown slug's 404
// (as for a closed job opening, lib/careers/closed-path.ts); a slug that could never be one (upper case,
// other characters, too long) is a 404 without asking the database. No database code here: the proxy
// loads this module on every request.
import { splitLocale } from "../i18n/paths";

/** The slug's form, as the handymen table's check constraint holds it. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 80;

const PROFILE_PAGE = /^\/pros\/([^/]+)\/?$/;

/** Whether `value` has a slug's form (so it may name a profile). */
export function isProfileSlug(value: string): boolean {
  return value.length <= MAX_SLUG_LENGTH && SLUG.test(value);
}

/** The English path of a profile; localizedPath puts it in another language. */
export const profilePath = (slug: string) => `/pros/${slug}`;

/** Whether `pathname` is a profile's page in either language, whatever follows /pros/. */
export function isProfilePagePath(pathname: string): boolean {
  return PROFILE_PAGE.test(splitLocale(pathname).path);
}

/** The slug of a profile's page in either language, or null when what follows /pros/ is not a slug. */
export function profileSlugOfPath(pathname: string): string | null {
  const match = PROFILE_PAGE.exec(splitLocale(pathname).path);
  return match && isProfileSlug(match[1]) ? match[1] : null;
}

/** The links a page beside handymen's names carries, made on the server in the page's language. */
export type ProfileLinks = {
  /** A handyman's id → their public profile's address and the link's words ("See Fenna's profile"). */
  byId: Record<number, { href: string; label: string }>;
  /** The words of the link to /how-we-rank. */
  howWeRank: string;
};
