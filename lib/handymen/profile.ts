// A handyman's public profile, /pros/{slug}: what anyone may know of a handyman who may be matched —
// name, trades, cities, hourly price including VAT, rating and reviews, member since, whether they are
// registered with the Chamber of Commerce and until when they are insured, and how many of the jobs they
// accepted they cancelled. Never a KvK number, an
// address, a phone number or an email address: the columns read here are the whole of what the page
// may show. A handyman who is suspended or whose account was erased (removed_at) is "gone" (410); a
// slug no handyman has is "missing" (404). The reviews page newest first by (created_at, id) keyset.
import "server-only";
import type { Prisma, PrismaClient } from "../generated/prisma/client";
import { getDb } from "../db";
import { ApiError } from "../api/errors";
import { decodeCursor, readPage, type Cursor, type CursorScope } from "../paging/cursor";
import { newestFirst, timeKey, uuidOf } from "../paging/keyset";
import { fromDbCity, fromDbTaskType, type City, type TaskType } from "../requests/catalogue";
import type { Locale } from "../../i18n/locales";
import { getTranslator } from "../i18n/translator";
import { isProfileSlug, profilePath, type ProfileLinks } from "./profile-path";

type Db = PrismaClient | Prisma.TransactionClient;

export type PublicProfile = {
  id: number;
  slug: string;
  name: string;
  intro: string;
  cities: City[];
  taskTypes: TaskType[];
  /** Euros per hour, VAT included. */
  hourlyPrice: number;
  /** Out of five; null while there is nothing to rate by: "new". */
  rating: number | null;
  /** The rating Fixwell set when the handyman joined, counted in `rating`; null without one. */
  startingRating: number | null;
  /** How many homeowners' reviews `rating` holds (lib/handymen/rating.ts says the three together). */
  reviewCount: number;
  /** YYYY-MM-DD, the day the profile was made. */
  memberSince: string;
  /**
   * Reliability: the jobs the handyman accepted, and how many of them they cancelled afterwards (kept on
   * their row like the rating, refreshReliability in ./queries.ts). The page shows it once one is cancelled.
   */
  reliability: { accepted: number; cancelled: number };
  kvkRegistered: boolean;
  /** YYYY-MM-DD, or null when not known. */
  insuredUntil: string | null;
};

export type ProfileLookup = { kind: "listed"; profile: PublicProfile } | { kind: "gone" } | { kind: "missing" };

const profileColumns = {
  id: true,
  slug: true,
  name: true,
  intro: true,
  cities: true,
  taskTypes: true,
  hourlyPriceCents: true,
  rating: true,
  baseRating: true,
  jobsAccepted: true,
  jobsCancelled: true,
  createdAt: true,
  kvkRegistered: true,
  insuredUntil: true,
  suspended: true,
  removedAt: true,
} as const satisfies Prisma.HandymanSelect;

/** Who has a public page: not suspended and not removed (the one rule for the page, the proxy and the sitemap). */
export const LISTED_PROFILE = { suspended: false, removedAt: null } as const satisfies Prisma.HandymanWhereInput;

const isoDay = (value: Date) => value.toISOString().slice(0, 10);

/**
 * An address no profile has now: gone when it ends in the id of an erased handyman's profile (every slug
 * ends in `-{id}`; erasure turned theirs, made of the name, into `removed-{id}`, so the old address says
 * gone without the name being kept), else missing.
 */
async function goneOrMissing(client: Db, slug: string): Promise<"gone" | "missing"> {
  const id = Number(/-([1-9][0-9]{0,8})$/.exec(slug)?.[1] ?? NaN);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return "missing";
  const row = await client.handyman.findUnique({ where: { id }, select: { removedAt: true } });
  return row?.removedAt ? "gone" : "missing";
}

/** The profile of `slug`, gone or missing. A slug of the wrong form is missing without a query. */
export async function lookUpProfile(slug: string, db?: Db): Promise<ProfileLookup> {
  if (!isProfileSlug(slug)) return { kind: "missing" };
  const client = db ?? (await getDb());
  const row = await client.handyman.findUnique({ where: { slug }, select: profileColumns });
  if (!row) return { kind: await goneOrMissing(client, slug) };
  if (row.suspended || row.removedAt) return { kind: "gone" };
  const reviewCount = await client.review.count({ where: { handymanId: row.id } });
  return {
    kind: "listed",
    profile: {
      id: row.id,
      slug: row.slug,
      name: row.name,
      intro: row.intro,
      cities: row.cities.map(fromDbCity),
      taskTypes: row.taskTypes.map(fromDbTaskType),
      hourlyPrice: row.hourlyPriceCents / 100,
      rating: row.rating,
      startingRating: row.baseRating,
      reviewCount,
      memberSince: isoDay(row.createdAt),
      reliability: { accepted: row.jobsAccepted, cancelled: row.jobsCancelled },
      kvkRegistered: row.kvkRegistered,
      insuredUntil: row.insuredUntil ? isoDay(row.insuredUntil) : null,
    },
  };
}

/** What the proxy answers for a profile's page: listed (200), gone (410) or missing (404). */
export async function profilePageStatus(slug: string): Promise<ProfileLookup["kind"]> {
  if (!isProfileSlug(slug)) return "missing";
  const client = await getDb();
  const row = await client.handyman.findUnique({ where: { slug }, select: { suspended: true, removedAt: true } });
  if (!row) return goneOrMissing(client, slug);
  return row.suspended || row.removedAt ? "gone" : "listed";
}

/**
 * The id each page of `size` listed profiles starts at, in register order, for the sitemap's files of
 * profiles. Read by keyset, a page of ids at a time (never OFFSET): only the first id of each is kept.
 */
export async function listedProfilePageStarts(size: number, db?: Db): Promise<number[]> {
  const client = db ?? (await getDb());
  const starts: number[] = [];
  let after = 0;
  for (;;) {
    const page = await client.handyman.findMany({ where: { ...LISTED_PROFILE, id: { gt: after } }, orderBy: { id: "asc" }, take: size, select: { id: true } });
    if (page.length === 0) return starts;
    starts.push(page[0].id);
    after = page[page.length - 1].id;
    if (page.length < size) return starts;
  }
}

/**
 * The slugs of the listed profiles whose id is from `fromId` (null: the first) to before `beforeId` (null:
 * the last), in register order, at most `limit` of them: one of the sitemap's files of profiles.
 */
export async function listListedProfileSlugs(fromId: number | null, beforeId: number | null, limit: number, db?: Db): Promise<string[]> {
  const client = db ?? (await getDb());
  const id = { ...(fromId === null ? {} : { gte: fromId }), ...(beforeId === null ? {} : { lt: beforeId }) };
  const rows = await client.handyman.findMany({ where: { ...LISTED_PROFILE, id }, orderBy: { id: "asc" }, take: limit, select: { slug: true } });
  return rows.map((row) => row.slug);
}

// ---- The reviews, a page at a time (lib/paging: signed keyset cursors, newest first). ----

export const REVIEWS_PER_PAGE = 10;

export type ProfileReview = { id: string; stars: number; text: string; createdAt: string };

/** A page of reviews, with the cursors of the pages beside it (null at either end). */
export type ReviewPage = { reviews: ProfileReview[]; next: string | null; previous: string | null };

/** A profile's reviews have cursors of their own: one made for another list or another handyman is refused. */
const reviewsScope = (handymanId: number): CursorScope => ({ list: "pros.reviews", owner: String(handymanId) });

/**
 * One page of a handyman's reviews, newest first, from the address's ?cursor= (absent: the newest). A
 * cursor this server did not make for this profile's reviews reads as the first page: a public page
 * answers an old or mangled link with what it has rather than an error.
 */
export async function listProfileReviews(handymanId: number, cursorText?: unknown, size = REVIEWS_PER_PAGE, db?: Db): Promise<ReviewPage> {
  const client = db ?? (await getDb());
  const scope = reviewsScope(handymanId);
  let cursor: Cursor | undefined;
  try {
    cursor = decodeCursor(cursorText, scope, 2);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
  const read = (from: Cursor | undefined) =>
    readPage(
      scope,
      size,
      from,
      ({ cursor: at, take }) => {
        const keyset = newestFirst(at, { time: "createdAt", id: "id" }, uuidOf);
        return client.review.findMany({
          where: { AND: [{ handymanId }, keyset.where as Prisma.ReviewWhereInput] },
          orderBy: keyset.orderBy as Prisma.ReviewOrderByWithRelationInput[],
          take,
          select: { id: true, stars: true, text: true, createdAt: true },
        });
      },
      (row) => timeKey(row.createdAt, row.id),
    );
  let page;
  try {
    page = await read(cursor);
  } catch (error) {
    // A signed key that does not parse as this list's key: the first page.
    if (!(error instanceof ApiError)) throw error;
    page = await read(undefined);
  }
  return { reviews: page.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), next: page.next, previous: page.previous };
}

/** The profile addresses of those of `ids` who have a listed profile (for the links beside a handyman's name). */
export async function listedProfileSlugs(ids: readonly number[], db?: Db): Promise<Record<number, string>> {
  if (ids.length === 0) return {};
  const client = db ?? (await getDb());
  const rows = await client.handyman.findMany({ where: { id: { in: [...new Set(ids)] }, ...LISTED_PROFILE }, select: { id: true, slug: true } });
  return Object.fromEntries(rows.map((row) => [row.id, row.slug]));
}

/** The links to the listed profiles of `handymen` and to /how-we-rank, in `locale` (for the confirmation and the order page). */
export async function profileLinksFor(handymen: readonly { id: number; name: string }[], locale: Locale): Promise<ProfileLinks> {
  const slugs = await listedProfileSlugs(handymen.map((handyman) => handyman.id));
  const t = getTranslator(locale, "pro");
  const byId: ProfileLinks["byId"] = {};
  for (const handyman of handymen) {
    const slug = slugs[handyman.id];
    if (slug) byId[handyman.id] = { href: profilePath(slug), label: t("links.handymanProfile", { name: handyman.name }) };
  }
  return { byId, howWeRank: t("links.howWeRank") };
}
