// The job opening as the careers pages and API work with it (read from the job_openings table).

export type JobOpening = {
  jobId: string;
  department: string;
  role: string;
  location: string;
  /** The first working day, `YYYY-MM-DD` (a calendar date, no time zone). */
  startDate: string;
  description: string;
  about: string;
  overview: string;
  /** Stored HTML; pass it through sanitizeJobHtml before it reaches a page. */
  requirements: string;
  /** Stored HTML; pass it through sanitizeJobHtml before it reaches a page. */
  benefits: string;
  interviewTime: string;
  apply: string;
  /** The last day applications are taken, `YYYY-MM-DD`, when the operator set one. */
  closesOn?: string | null;
  /** When an operator closed the opening, ISO 8601. */
  closedAt?: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The fields an opening has in each language (the English in job_openings, another language in a row
 * of job_opening_translations); dates, status and the id are the opening's own, in every language.
 */
export const TRANSLATED_OPENING_FIELDS = ["department", "role", "location", "description", "about", "overview", "requirements", "benefits", "interviewTime", "apply"] as const;

export type TranslatedOpeningField = (typeof TRANSLATED_OPENING_FIELDS)[number];

/** What a list card needs. */
export type JobOpeningSummary = Pick<JobOpening, "jobId" | "department" | "role" | "location" | "startDate" | "updatedAt">;

export type DepartmentGroup<T extends Pick<JobOpening, "department">> = { department: string; openings: T[] };
