// Reads job openings from the database. Every query names the columns it returns.
import "server-only";
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
  createdAt: true,
  updatedAt: true,
} as const;

const summarySelect = {
  jobId: true,
  department: true,
  role: true,
  location: true,
  startDate: true,
  updatedAt: true,
} as const;

/** A DATE column arrives as midnight UTC; the calendar date is all that matters. */
function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Every opening, complete, departments in their fixed order and openings by start date. */
export async function listJobOpenings(): Promise<JobOpening[]> {
  const db = await getDb();
  const rows = await db.jobOpening.findMany({ select: openingSelect });
  return sortOpenings(rows.map((row) => ({ ...row, startDate: toIsoDate(row.startDate) })));
}

/** What the list page and the sitemap need, in the same order as listJobOpenings. */
export async function listJobOpeningSummaries(): Promise<JobOpeningSummary[]> {
  const db = await getDb();
  const rows = await db.jobOpening.findMany({ select: summarySelect });
  return sortOpenings(rows.map((row) => ({ ...row, startDate: toIsoDate(row.startDate) })));
}

/** One opening, or null when the id is unknown or not a well-formed job id. */
export async function getJobOpening(jobId: unknown): Promise<JobOpening | null> {
  const parsed = jobIdSchema.safeParse(jobId);
  if (!parsed.success) return null;
  const db = await getDb();
  const row = await db.jobOpening.findUnique({ where: { jobId: parsed.data }, select: openingSelect });
  return row ? { ...row, startDate: toIsoDate(row.startDate) } : null;
}
