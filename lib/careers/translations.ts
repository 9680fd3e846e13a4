// Job openings as the careers pages show them in one language. English is in job_openings and every
// opening has it; a Dutch version is a row of job_opening_translations when an operator wrote one. A page
// in a language the opening does not have gets no content (opening: null) and the languages it does have,
// to say so and link there. Read through Next.js's data cache under the same job-openings tag as the
// English reads (lib/careers/queries.ts), so a save in the operator console expires both languages.
import "server-only";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../i18n/locales";
import { CACHE_TAGS, cachedRead } from "../cache";
import { getDb } from "../db";
import { jobIdSchema } from "../validations/job-openings";
import { sortOpenings } from "./grouping";
import { toIsoDate } from "./queries";
import { sanitizeJobHtml } from "./sanitize";
import type { DepartmentGroup, JobOpening, JobOpeningSummary } from "./types";

/** The fields a translation gives; dates, status and the id are the opening's own. */
const TRANSLATED_FIELDS = {
  department: true,
  role: true,
  location: true,
  description: true,
  about: true,
  overview: true,
  requirements: true,
  benefits: true,
  interviewTime: true,
  apply: true,
} as const;

type TranslatedField = keyof typeof TRANSLATED_FIELDS;
type Translation = Pick<JobOpening, TranslatedField> & { locale: string };

const openingSelect = {
  jobId: true,
  ...TRANSLATED_FIELDS,
  startDate: true,
  closesOn: true,
  closedAt: true,
  createdAt: true,
  updatedAt: true,
  status: true,
  translations: { select: { locale: true, ...TRANSLATED_FIELDS, updatedAt: true } },
} as const;

const summarySelect = {
  jobId: true,
  department: true,
  role: true,
  location: true,
  startDate: true,
  updatedAt: true,
  translations: { select: { locale: true, department: true, role: true, location: true, updatedAt: true } },
} as const;

/** The HTML of requirements and benefits after the public allow-list: the only HTML a page inserts. */
export type SafeOpeningHtml = { requirements: string; benefits: string };

/** What the detail page gets for an id in one language. */
export type OpeningInLocale =
  | {
      kind: "published";
      /** The language asked for. */
      locale: Locale;
      /** The opening in that language, or null when it has no version in it. */
      opening: JobOpening | null;
      /** Requirements and benefits of `opening`, sanitised; null with it. */
      safeHtml: SafeOpeningHtml | null;
      /** The languages the opening exists in, English first. */
      availableLocales: Locale[];
      /** The English opening (every opening has it): for a title and the link when `opening` is null. */
      english: JobOpening;
    }
  | { kind: "gone" }
  | { kind: "missing" };

/** A card of the list in one language: the opening's own language when it has none in that one. */
export type LocalizedOpeningSummary = JobOpeningSummary & {
  /** The language role, department and location are written in. */
  contentLocale: Locale;
  availableLocales: Locale[];
};

function knownLocales(translations: { locale: string }[]): Locale[] {
  const have = new Set<string>([DEFAULT_LOCALE, ...translations.map((t) => t.locale)]);
  return LOCALES.filter((locale) => have.has(locale));
}

// ---- Cached reads (JSON: dates as strings) ----

type StoredOpening = Omit<JobOpening, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };
type StoredLookup = { status: string; english: StoredOpening | null; translations: (Translation & { updatedAt: string })[] } | null;
type StoredSummary = Omit<JobOpeningSummary, "updatedAt"> & {
  updatedAt: string;
  translations: { locale: string; department: string; role: string; location: string; updatedAt: string }[];
};

const cacheOptions = { tags: [CACHE_TAGS.jobOpenings], revalidateSeconds: 300 };

const readOpening = cachedRead(
  async (jobId: string): Promise<StoredLookup> => {
    const row = await (await getDb()).jobOpening.findUnique({ where: { jobId }, select: openingSelect });
    if (!row) return null;
    const { status, translations, startDate, closesOn, closedAt, createdAt, updatedAt, ...fields } = row;
    if (status !== "published") return { status, english: null, translations: [] };
    return {
      status,
      english: {
        ...fields,
        startDate: toIsoDate(startDate),
        closesOn: closesOn ? toIsoDate(closesOn) : null,
        closedAt: closedAt ? closedAt.toISOString() : null,
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
      },
      translations: translations.map((t) => ({ ...t, updatedAt: t.updatedAt.toISOString() })),
    };
  },
  ["job-openings", "one-in-every-language"],
  cacheOptions,
);

const readSummaries = cachedRead(
  async (): Promise<StoredSummary[]> =>
    (await (await getDb()).jobOpening.findMany({ where: { status: "published" }, select: summarySelect })).map((row) => ({
      ...row,
      startDate: toIsoDate(row.startDate),
      updatedAt: row.updatedAt.toISOString(),
      translations: row.translations.map((t) => ({ ...t, updatedAt: t.updatedAt.toISOString() })),
    })),
  ["job-openings", "summaries-in-every-language"],
  cacheOptions,
);

/** The later of two ISO timestamps: a page changes when either language does. */
function later(a: string, b: string): string {
  return a > b ? a : b;
}

// ---- Detail ----

/**
 * An id on a page in `locale`: published (with the opening in that language, or null when it has none),
 * gone (closed: 410) or missing (unknown, malformed or a draft: 404).
 */
export async function openingInLocale(jobId: unknown, locale: Locale): Promise<OpeningInLocale> {
  const parsed = jobIdSchema.safeParse(jobId);
  if (!parsed.success) return { kind: "missing" };
  const stored = await readOpening(parsed.data);
  if (!stored) return { kind: "missing" };
  if (!stored.english) return stored.status === "closed" ? { kind: "gone" } : { kind: "missing" };
  const english: JobOpening = { ...stored.english, createdAt: new Date(stored.english.createdAt), updatedAt: new Date(stored.english.updatedAt) };
  let opening: JobOpening | null = null;
  if (locale === DEFAULT_LOCALE) opening = english;
  else {
    const translation = stored.translations.find((t) => t.locale === locale);
    if (translation) {
      const fields = Object.fromEntries(Object.keys(TRANSLATED_FIELDS).map((field) => [field, translation[field as TranslatedField]])) as Pick<JobOpening, TranslatedField>;
      opening = { ...english, ...fields, updatedAt: new Date(later(stored.english.updatedAt, translation.updatedAt)) };
    }
  }
  return {
    kind: "published",
    locale,
    opening,
    safeHtml: opening ? { requirements: sanitizeJobHtml(opening.requirements), benefits: sanitizeJobHtml(opening.benefits) } : null,
    availableLocales: knownLocales(stored.translations),
    english,
  };
}

// ---- List ----

function localizeSummary({ translations, updatedAt, ...english }: StoredSummary, locale: Locale): LocalizedOpeningSummary {
  const translation = locale === DEFAULT_LOCALE ? undefined : translations.find((t) => t.locale === locale);
  const availableLocales = knownLocales(translations);
  if (!translation) return { ...english, updatedAt: new Date(updatedAt), contentLocale: DEFAULT_LOCALE, availableLocales };
  return {
    ...english,
    department: translation.department,
    role: translation.role,
    location: translation.location,
    updatedAt: new Date(later(updatedAt, translation.updatedAt)),
    contentLocale: locale,
    availableLocales,
  };
}

/** Published openings in the English list's order, each with its English department and its card in `locale`. */
async function sortedSummaries(locale: Locale): Promise<{ englishDepartment: string; summary: LocalizedOpeningSummary }[]> {
  return sortOpenings(await readSummaries()).map((row) => ({ englishDepartment: row.department, summary: localizeSummary(row, locale) }));
}

/**
 * Every published opening for the list in `locale`, in the English list's order (departments in their
 * fixed order, then start date): role, department and location in that language where the opening has
 * it, in English otherwise (contentLocale says which).
 */
export async function listOpeningSummariesIn(locale: Locale): Promise<LocalizedOpeningSummary[]> {
  return (await sortedSummaries(locale)).map(({ summary }) => summary);
}

/**
 * The list in `locale` grouped by department, in the English list's order. Groups keep the English
 * department name as their key; the page shows it in its language (the careers catalogue's departments).
 */
export async function groupOpeningSummariesIn(locale: Locale): Promise<DepartmentGroup<LocalizedOpeningSummary>[]> {
  const groups: (DepartmentGroup<LocalizedOpeningSummary> & { key: string; named: boolean })[] = [];
  for (const { englishDepartment, summary } of await sortedSummaries(locale)) {
    const inLocale = summary.contentLocale === locale;
    const last = groups.at(-1);
    if (last && last.key === englishDepartment) {
      last.openings.push(summary);
      if (!last.named && inLocale) Object.assign(last, { department: summary.department, named: true });
    } else {
      groups.push({ key: englishDepartment, department: summary.department, named: inLocale, openings: [summary] });
    }
  }
  return groups.map(({ key, openings }) => ({ department: key, openings }));
}
