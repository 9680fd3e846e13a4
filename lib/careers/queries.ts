// The public's one read path to job openings (the careers pages in each language, the API, the sitemap
// and the proxy's 410/404): published openings with every language they have, read through Next.js's
// data cache under the job-openings tag (lib/cache): a change made through the app calls
// revalidateJobOpenings(), one made in SQL shows within five minutes. Every query names its columns.
//
// English is in job_openings and every opening has it; another language is a row of
// job_opening_translations when an operator wrote one. A page in a language the opening does not have
// gets no content (opening: null) and the languages it does have, to say so and link there. The public
// sees published openings only; a closed one is "gone" (410) and a draft does not exist for it (404).
//
// A miss is never cached: an id is first looked up in the cached index of public ids, and only an id
// found there is read (and kept) on its own. So the cache holds one entry per opening that exists, and
// any number of made-up ids (/job-openings/{id}, /api/job-openings/{id}) add nothing to it.
import "server-only";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../i18n/locales";
import { CACHE_TAGS, cachedRead } from "../cache";
import { getDb } from "../db";
import { jobIdSchema } from "./schemas";
import { sortOpenings } from "./grouping";
import { sanitizeJobHtml } from "./sanitize";
import { TRANSLATED_OPENING_FIELDS, type DepartmentGroup, type JobOpening, type JobOpeningSummary, type TranslatedOpeningField } from "./types";

const translatedColumns = Object.fromEntries(TRANSLATED_OPENING_FIELDS.map((field) => [field, true])) as { [K in TranslatedOpeningField]: true };

const englishColumns = {
  jobId: true,
  ...translatedColumns,
  startDate: true,
  closesOn: true,
  closedAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

const summaryColumns = { jobId: true, department: true, role: true, location: true, startDate: true, updatedAt: true } as const;

/** Only published openings are public. */
const PUBLISHED = { status: "published" } as const;

/** A DATE column arrives as midnight UTC; the calendar date is all that matters. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

type Translation = Pick<JobOpening, TranslatedOpeningField> & { locale: string };

/** The HTML of requirements and benefits after the public allow-list: the only HTML a page inserts. */
export type SafeOpeningHtml = { requirements: string; benefits: string };

/** What the public may know of an id in English: a published opening, one that has closed (gone), or nothing. */
export type PublicOpeningLookup = { kind: "published"; opening: JobOpening } | { kind: "gone" } | { kind: "missing" };

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

type EnglishRow = Omit<JobOpening, "startDate" | "closesOn" | "closedAt"> & { startDate: Date; closesOn: Date | null; closedAt: Date | null };
type StoredOpening = Omit<JobOpening, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };
type StoredTranslation = Translation & { updatedAt: string };
type StoredSummary = Omit<JobOpeningSummary, "updatedAt"> & {
  updatedAt: string;
  translations: { locale: string; department: string; role: string; location: string; updatedAt: string }[];
};
type PublicIds = { published: string[]; closed: string[] };

function storedOpening(row: EnglishRow): StoredOpening {
  return {
    ...row,
    startDate: toIsoDate(row.startDate),
    closesOn: row.closesOn ? toIsoDate(row.closesOn) : null,
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function openingFrom(stored: StoredOpening): JobOpening {
  return { ...stored, createdAt: new Date(stored.createdAt), updatedAt: new Date(stored.updatedAt) };
}

const cacheOptions = { tags: [CACHE_TAGS.jobOpenings], revalidateSeconds: 300 };

/** The ids the public can see, published or closed: one small entry, however many ids are asked for. */
const readPublicIds = cachedRead(
  async (): Promise<PublicIds> => {
    const rows = await (await getDb()).jobOpening.findMany({ where: { status: { in: ["published", "closed"] } }, select: { jobId: true, status: true } });
    return {
      published: rows.filter((row) => row.status === "published").map((row) => row.jobId),
      closed: rows.filter((row) => row.status === "closed").map((row) => row.jobId),
    };
  },
  ["job-openings", "public-ids"],
  cacheOptions,
);

/** One opening in every language; only ever called with an id of the index, so never kept for a made-up one. */
const readPublishedOpening = cachedRead(
  async (jobId: string): Promise<{ english: StoredOpening; translations: StoredTranslation[] } | null> => {
    const row = await (await getDb()).jobOpening.findFirst({
      where: { jobId, ...PUBLISHED },
      select: { ...englishColumns, translations: { select: { locale: true, ...translatedColumns, updatedAt: true } } },
    });
    if (!row) return null;
    const { translations, ...english } = row;
    return { english: storedOpening(english), translations: translations.map((t) => ({ ...t, updatedAt: t.updatedAt.toISOString() })) };
  },
  ["job-openings", "published-one"],
  cacheOptions,
);

const readOpenings = cachedRead(
  async () => (await (await getDb()).jobOpening.findMany({ where: PUBLISHED, select: englishColumns })).map(storedOpening),
  ["job-openings", "all-published"],
  cacheOptions,
);

const readSummaries = cachedRead(
  async (): Promise<StoredSummary[]> =>
    (
      await (await getDb()).jobOpening.findMany({
        where: PUBLISHED,
        select: { ...summaryColumns, translations: { select: { locale: true, department: true, role: true, location: true, updatedAt: true } } },
      })
    ).map((row) => ({
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

// ---- One opening ----

type Found = { kind: "published"; english: StoredOpening; translations: StoredTranslation[] } | { kind: "gone" } | { kind: "missing" };

/** An id as the public sees it, read only when the index knows it as published. */
async function findPublicOpening(jobId: unknown): Promise<Found> {
  const parsed = jobIdSchema.safeParse(jobId);
  if (!parsed.success) return { kind: "missing" };
  const ids = await readPublicIds();
  if (ids.closed.includes(parsed.data)) return { kind: "gone" };
  if (!ids.published.includes(parsed.data)) return { kind: "missing" };
  const found = await readPublishedOpening(parsed.data);
  return found ? { kind: "published", ...found } : { kind: "missing" };
}

/** An id as the public sees it in English: published, gone (closed) or missing (unknown, malformed or a draft). */
export async function lookUpJobOpening(jobId: unknown): Promise<PublicOpeningLookup> {
  const found = await findPublicOpening(jobId);
  return found.kind === "published" ? { kind: "published", opening: openingFrom(found.english) } : found;
}

/** One published opening in English, or null when the id is unknown, malformed, a draft or closed. */
export async function getJobOpening(jobId: unknown): Promise<JobOpening | null> {
  const found = await lookUpJobOpening(jobId);
  return found.kind === "published" ? found.opening : null;
}

/**
 * An id on a page in `locale`: published (with the opening in that language, or null when it has none),
 * gone (closed: 410) or missing (unknown, malformed or a draft: 404).
 */
export async function openingInLocale(jobId: unknown, locale: Locale): Promise<OpeningInLocale> {
  const found = await findPublicOpening(jobId);
  if (found.kind !== "published") return found;
  const english = openingFrom(found.english);
  let opening: JobOpening | null = null;
  if (locale === DEFAULT_LOCALE) opening = english;
  else {
    const translation = found.translations.find((t) => t.locale === locale);
    if (translation) {
      const fields = Object.fromEntries(TRANSLATED_OPENING_FIELDS.map((field) => [field, translation[field]])) as Pick<JobOpening, TranslatedOpeningField>;
      opening = { ...english, ...fields, updatedAt: new Date(later(found.english.updatedAt, translation.updatedAt)) };
    }
  }
  return {
    kind: "published",
    locale,
    opening,
    safeHtml: opening ? { requirements: sanitizeJobHtml(opening.requirements), benefits: sanitizeJobHtml(opening.benefits) } : null,
    availableLocales: knownLocales(found.translations),
    english,
  };
}

// ---- Lists ----

/** Every published opening in English, complete, departments in their fixed order and openings by start date. */
export async function listJobOpenings(): Promise<JobOpening[]> {
  return sortOpenings((await readOpenings()).map(openingFrom));
}

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

/** What the sitemap needs, in English, in the same order as listJobOpenings. */
export async function listJobOpeningSummaries(): Promise<JobOpeningSummary[]> {
  return sortOpenings(await readSummaries()).map(({ jobId, department, role, location, startDate, updatedAt }) => ({
    jobId,
    department,
    role,
    location,
    startDate,
    updatedAt: new Date(updatedAt),
  }));
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
