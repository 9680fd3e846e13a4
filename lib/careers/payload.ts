// The API's view of an opening: the spec's snake_case fields, with requirements and benefits already
// sanitised so that a client inserting them as HTML is safe too.
import "server-only";
import type { JobOpeningPayload } from "./schemas";
import { sanitizeJobHtml } from "./sanitize";
import type { JobOpening } from "./types";

export function toJobOpeningPayload(opening: JobOpening): JobOpeningPayload {
  return {
    job_id: opening.jobId,
    department: opening.department,
    role: opening.role,
    location: opening.location,
    start_date: opening.startDate,
    description: opening.description,
    about: opening.about,
    overview: opening.overview,
    requirements: sanitizeJobHtml(opening.requirements),
    benefits: sanitizeJobHtml(opening.benefits),
    interview_time: opening.interviewTime,
    apply: opening.apply,
  };
}

/** Lets a CDN keep an answer for a minute, and serve a slightly stale one while it refreshes. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
