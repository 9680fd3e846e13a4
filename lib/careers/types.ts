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

type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}` : S;

/** A translated field's name on the wire and in the console's form: the API's snake_case. */
export type TranslatedWireField = SnakeCase<TranslatedOpeningField>;

export const wireFieldName = <F extends TranslatedOpeningField>(field: F): SnakeCase<F> => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) as SnakeCase<F>;

/** The translated fields' names on the wire, in the same order. */
export const TRANSLATED_WIRE_FIELDS = TRANSLATED_OPENING_FIELDS.map(wireFieldName) as readonly TranslatedWireField[];

/** The translated fields of an opening or of a row that has them (an opening, a translation). */
export function translatedFieldsOf(source: Pick<JobOpening, TranslatedOpeningField>): Pick<JobOpening, TranslatedOpeningField> {
  return Object.fromEntries(TRANSLATED_OPENING_FIELDS.map((field) => [field, source[field]])) as Pick<JobOpening, TranslatedOpeningField>;
}

/** What a list card needs. */
export type JobOpeningSummary = Pick<JobOpening, "jobId" | "department" | "role" | "location" | "startDate" | "updatedAt">;

export type DepartmentGroup<T extends Pick<JobOpening, "department">> = { department: string; openings: T[] };
