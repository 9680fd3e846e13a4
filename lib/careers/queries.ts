// Reads job openings from the database, through Next.js's data cache under the job-openings tag
// (lib/cache): a change made through the app calls revalidateJobOpenings(), one made in SQL shows
// within five minutes. Every query names the columns it returns. The public sees published openings
// only; a closed one is "gone" (410) and a draft does not exist for it (404).
import "server-only";
import { CACHE_TAGS, cachedRead } from "../cache";
import { getDb } from "../db";
import { jobIdSchema } from "../validations/job-openings";
import { sortOpenings } from "./grouping";
import type { JobOpening, JobOpeningSummary } from "./types";

const openingSelect = {
  jobId: true,
  department: true,
  role: true,
  location: true,
  startDate: true,
  description: true,
  about: true,
  overview: true,
  requirements: true,
  benefits: true,
  interviewTime: true,
  apply: true,
  closesOn: true,
  closedAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** Only published openings are public. */
const PUBLISHED = { status: "published" } as const;

const summarySelect = {
  jobId: true,
  department: true,
  role: true,
  location: true,
  startDate: true,
  updatedAt: true,
} as const;

/** A DATE column arrives as midnight UTC; the calendar date is all that matters. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** An opening as the cache stores it (JSON): timestamps as ISO strings, dates again on the way out. */
type StoredOpening = Omit<JobOpening, "createdAt" | "updatedAt" | "closesOn" | "closedAt"> & {
  closesOn: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

type OpeningRow = Omit<JobOpening, "startDate" | "closesOn" | "closedAt"> & { startDate: Date; closesOn: Date | null; closedAt: Date | null };
type StoredSummary = Omit<JobOpeningSummary, "updatedAt"> & { updatedAt: string };

function storedOpening(row: OpeningRow): StoredOpening {
  return {
    ...row,
    startDate: toIsoDate(row.startDate),
    closesOn: row.closesOn ? toIsoDate(row.closesOn) : null,
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function storedSummary(row: Omit<JobOpeningSummary, "startDate"> & { startDate: Date }): StoredSummary {
  return { ...row, startDate: toIsoDate(row.startDate), updatedAt: row.updatedAt.toISOString() };
}

function openingFrom(stored: StoredOpening): JobOpening {
  return { ...stored, createdAt: new Date(stored.createdAt), updatedAt: new Date(stored.updatedAt) };
}

function summaryFrom(stored: StoredSummary): JobOpeningSummary {
  return { ...stored, updatedAt: new Date(stored.updatedAt) };
}

const cacheOptions = { tags: [CACHE_TAGS.jobOpenings], revalidateSeconds: 300 };

const readOpenings = cachedRead(
  async () => (await (await getDb()).jobOpening.findMany({ where: PUBLISHED, select: openingSelect })).map(storedOpening),
  ["job-openings", "all-published"],
  cacheOptions,
);

const readSummaries = cachedRead(
  async () => (await (await getDb()).jobOpening.findMany({ where: PUBLISHED, select: summarySelect })).map(storedSummary),
  ["job-openings", "summaries-published"],
  cacheOptions,
);

const readOpening = cachedRead(
  async (jobId: string) => {
    const row = await (await getDb()).jobOpening.findUnique({ where: { jobId }, select: { ...openingSelect, status: true } });
    if (!row) return null;
    const { status, ...opening } = row;
    return { status, opening: status === "published" ? storedOpening(opening) : null };
  },
  ["job-openings", "one-with-status"],
  cacheOptions,
);

/** Every published opening, complete, departments in their fixed order and openings by start date. */
export async function listJobOpenings(): Promise<JobOpening[]> {
  return sortOpenings((await readOpenings()).map(openingFrom));
}

/** What the list page and the sitemap need, in the same order as listJobOpenings. */
export async function listJobOpeningSummaries(): Promise<JobOpeningSummary[]> {
  return sortOpenings((await readSummaries()).map(summaryFrom));
}

/** What the public may know of an id: a published opening, one that has closed (gone), or nothing. */
export type PublicOpeningLookup = { kind: "published"; opening: JobOpening } | { kind: "gone" } | { kind: "missing" };

/** An id as the public sees it: published, gone (closed) or missing (unknown, malformed or a draft). */
export async function lookUpJobOpening(jobId: unknown): Promise<PublicOpeningLookup> {
  const parsed = jobIdSchema.safeParse(jobId);
  if (!parsed.success) return { kind: "missing" };
  const row = await readOpening(parsed.data);
  if (row?.opening) return { kind: "published", opening: openingFrom(row.opening) };
  if (row?.status === "closed") return { kind: "gone" };
  return { kind: "missing" };
}

/** One published opening, or null when the id is unknown, malformed, a draft or closed. */
export async function getJobOpening(jobId: unknown): Promise<JobOpening | null> {
  const found = await lookUpJobOpening(jobId);
  return found.kind === "published" ? found.opening : null;
}
