// Job openings in the operator console: every opening whatever its status, and the changes an operator
// makes — create a draft, edit, duplicate, publish, close, delete. The console's API handlers and its
// server actions both call these functions, so both refuse the same things in the same words.
//
// - An edit names the version it started from; the row is updated only `WHERE job_id = $1 AND version = $2`
//   (with version + 1), so of two operators editing at once the second is told about the newer version
//   (409) instead of overwriting it. Publish, close, duplicate and delete check a version too when given.
// - Close and delete ask for the operator's password again; delete only takes drafts and closed openings.
// - Requirements and benefits are stored as sanitised HTML (the same allow-list as the public pages), with
//   the Markdown source kept beside it when the operator wrote Markdown.
// - The Dutch version (./opening-translation.ts) is saved with the English, in the same transaction and
//   under the same version check; the audit's before and after carry it as `nl`. Duplicate copies it.
// - Every change and its audit entry are one transaction; a refused change writes nothing. Once a change
//   is committed the cached openings are expired, so the public pages show it on the next request.
import "server-only";
import type { z } from "zod";
import type { Locale } from "../../i18n/locales";
import { ApiError, type ApiMessage, type IssueInput } from "../api/errors";
import { revalidateJobOpenings } from "../cache";
import { sortOpenings } from "./grouping";
import { getDb } from "../db";
import { isUniqueViolation } from "../db/errors";
import type { JobOpening as JobOpeningRow, JobOpeningTranslation as TranslationRow, Prisma } from "../generated/prisma/client";
import { todayInAmsterdam } from "../requests/schemas";
import { jobIdSchema } from "./schemas";
import {
  confirmedTransitionSchema,
  createOpeningSchema,
  previewSchema,
  transitionSchema,
  updateOpeningSchema,
  type CreateOpeningInput,
  type UpdateOpeningInput,
} from "./console-schemas";
import { confirmPassword, type Operator } from "../ops/access";
import { recordAudit } from "../ops/audit";
import {
  dutchColumns,
  dutchPreviewSchema,
  dutchRefusalMessage,
  nothingReadable,
  readDutchChange,
  toTranslation,
  toTranslationPayload,
  TRANSLATION_LOCALE,
  type DutchChange,
  type DutchColumns,
  type OpsTranslation,
} from "./console-translation";
import { renderRichText, type RichTextFormat } from "./rich-text";
import { translatedFieldsOf } from "./types";

export type OpeningStatus = "draft" | "published" | "closed";

/** A row of the console's list. */
export type OpsOpeningSummary = {
  jobId: string;
  department: string;
  role: string;
  location: string;
  startDate: string;
  status: OpeningStatus;
  version: number;
  updatedAt: Date;
  /** The languages the opening is written in: English always, Dutch when it has a Dutch version. */
  languages: Locale[];
};

/** One opening as the console edits it. */
export type OpsOpening = OpsOpeningSummary & {
  closesOn: string | null;
  description: string;
  about: string;
  overview: string;
  /** Sanitised HTML, as the public pages show it. */
  requirements: string;
  benefits: string;
  contentFormat: RichTextFormat;
  /** The Markdown source when contentFormat is markdown. */
  requirementsSource: string | null;
  benefitsSource: string | null;
  interviewTime: string;
  apply: string;
  createdAt: Date;
  publishedAt: Date | null;
  closedAt: Date | null;
  /** The Dutch version, or null when the opening has none. */
  nl: OpsTranslation | null;
};

type Row = JobOpeningRow;
type Tx = Prisma.TransactionClient;

/** The Dutch version with every read of an opening. */
const WITH_DUTCH = { translations: { where: { locale: TRANSLATION_LOCALE } } } as const;
type RowWithDutch = Row & { translations: TranslationRow[] };

/** What the audit log keeps of an opening: its row, with the Dutch version as `nl`. */
function auditView(row: RowWithDutch | null) {
  if (!row) return null;
  const { translations, ...opening } = row;
  return { ...opening, nl: translations[0] ?? null };
}

async function readWithDutch(tx: Tx, jobId: string): Promise<RowWithDutch | null> {
  return tx.jobOpening.findUnique({ where: { jobId }, include: WITH_DUTCH });
}

const notFound = () => new ApiError("not_found", { key: "jobOpeningNotFound" });

/** The console's page of one opening. */
export function opsOpeningPath(jobId: string): string {
  return `/ops/job-openings/${encodeURIComponent(jobId)}`;
}

/** A change based on an older version than the stored one: 409, naming the newer version and where it is. */
export class OpeningVersionConflict extends ApiError {
  constructor(
    readonly jobId: string,
    readonly currentVersion: number,
    readonly yourVersion: number,
  ) {
    const path = opsOpeningPath(jobId);
    super("conflict", { key: "opening.versionConflict", values: { current: currentVersion, yours: yourVersion, path } }, [
      { path: "version", message: { key: "opening.versionCurrent", values: { current: currentVersion, path } } },
    ]);
  }

  get path(): string {
    return opsOpeningPath(this.jobId);
  }
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function dateColumn(iso: string): Date {
  return new Date(`${iso}T00:00:00.000Z`);
}

function toOpening(row: RowWithDutch): OpsOpening {
  const dutch = row.translations[0];
  return {
    jobId: row.jobId,
    department: row.department,
    role: row.role,
    location: row.location,
    startDate: isoDate(row.startDate),
    status: row.status,
    version: row.version,
    updatedAt: row.updatedAt,
    languages: dutch ? ["en", "nl"] : ["en"],
    closesOn: row.closesOn ? isoDate(row.closesOn) : null,
    description: row.description,
    about: row.about,
    overview: row.overview,
    requirements: row.requirements,
    benefits: row.benefits,
    contentFormat: row.contentFormat,
    requirementsSource: row.requirementsSource,
    benefitsSource: row.benefitsSource,
    interviewTime: row.interviewTime,
    apply: row.apply,
    createdAt: row.createdAt,
    publishedAt: row.publishedAt,
    closedAt: row.closedAt,
    nl: dutch ? toTranslation(dutch) : null,
  };
}

/** What the console's edit form shows in a rich field: the Markdown source, or the stored HTML. */
export function editableText(opening: OpsOpening, field: "requirements" | "benefits"): string {
  const source = field === "requirements" ? opening.requirementsSource : opening.benefitsSource;
  return opening.contentFormat === "markdown" && source !== null ? source : opening[field];
}

/** The same for the Dutch version's rich fields ("" when the opening has no Dutch version). */
export function editableDutchText(opening: OpsOpening, field: "requirements" | "benefits"): string {
  if (!opening.nl) return "";
  const source = field === "requirements" ? opening.nl.requirementsSource : opening.nl.benefitsSource;
  return opening.contentFormat === "markdown" && source !== null ? source : opening.nl[field];
}

/** The API's view of an opening for operators (snake_case, like the public API). */
export function toOpsPayload(opening: OpsOpening) {
  return {
    job_id: opening.jobId,
    status: opening.status,
    version: opening.version,
    department: opening.department,
    role: opening.role,
    location: opening.location,
    start_date: opening.startDate,
    closes_on: opening.closesOn,
    description: opening.description,
    about: opening.about,
    overview: opening.overview,
    content_format: opening.contentFormat,
    requirements: opening.requirements,
    benefits: opening.benefits,
    requirements_source: opening.requirementsSource,
    benefits_source: opening.benefitsSource,
    interview_time: opening.interviewTime,
    apply: opening.apply,
    created_at: opening.createdAt.toISOString(),
    updated_at: opening.updatedAt.toISOString(),
    published_at: opening.publishedAt?.toISOString() ?? null,
    closed_at: opening.closedAt?.toISOString() ?? null,
    languages: opening.languages,
    nl: toTranslationPayload(opening.nl),
  };
}

export function toOpsSummaryPayload(opening: OpsOpeningSummary) {
  return {
    job_id: opening.jobId,
    status: opening.status,
    version: opening.version,
    department: opening.department,
    role: opening.role,
    location: opening.location,
    start_date: opening.startDate,
    updated_at: opening.updatedAt.toISOString(),
    languages: opening.languages,
  };
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw ApiError.fromZod(result.error, "Please fix the fields marked below.");
  return result.data;
}

/** A create or edit body: the English fields and the Dutch version, refused together with every issue of both. */
function parseWithDutch<S extends z.ZodType>(schema: S, input: unknown): { fields: z.infer<S>; dutch: DutchChange } {
  const result = schema.safeParse(input);
  const { change, issues: dutchIssues } = readDutchChange(input);
  if (result.success && dutchIssues.length === 0) return { fields: result.data, dutch: change };
  const issues: IssueInput[] = result.success ? [] : ApiError.fromZod(result.error).issues ?? [];
  const message = result.success ? dutchRefusalMessage(dutchIssues) : "Please fix the fields marked below.";
  throw new ApiError("validation_failed", message, [...issues, ...dutchIssues]);
}

function parseJobId(jobId: unknown): string {
  const parsed = jobIdSchema.safeParse(jobId);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

// ---- Reading ----

/** Every opening, drafts and closed ones included, in the careers pages' order. */
export async function listOpsOpenings(): Promise<OpsOpeningSummary[]> {
  const rows = await (await getDb()).jobOpening.findMany({
    select: {
      jobId: true,
      department: true,
      role: true,
      location: true,
      startDate: true,
      status: true,
      version: true,
      updatedAt: true,
      translations: { select: { locale: true } },
    },
  });
  return sortOpenings(
    rows.map(({ translations, ...row }) => ({
      ...row,
      startDate: isoDate(row.startDate),
      languages: translations.some((t) => t.locale === TRANSLATION_LOCALE) ? (["en", "nl"] as Locale[]) : (["en"] as Locale[]),
    })),
  );
}

/** One opening, or null for an unknown or malformed id. */
export async function getOpsOpening(jobId: unknown): Promise<OpsOpening | null> {
  const parsed = jobIdSchema.safeParse(jobId);
  if (!parsed.success) return null;
  const row = await (await getDb()).jobOpening.findUnique({ where: { jobId: parsed.data }, include: WITH_DUTCH });
  return row ? toOpening(row) : null;
}

// ---- Rich fields ----

export type RichFieldPreview = { html: string; removed: string[] };

type RichPreview = { requirements: RichFieldPreview; benefits: RichFieldPreview };

/**
 * What the public page would show for these rich fields, and what sanitising removed; with `nl`
 * ({requirements, benefits}), the same for the Dutch version.
 */
export function previewRichFields(input: unknown): RichPreview & { nl?: RichPreview } {
  const { format, requirements, benefits } = parse(previewSchema, input);
  const nlInput = typeof input === "object" && input !== null && "nl" in input ? (input as { nl: unknown }).nl : undefined;
  const parsedNl = dutchPreviewSchema.safeParse(nlInput ?? undefined);
  if (!parsedNl.success) {
    throw new ApiError("validation_failed", "Please fix the fields marked below.", ApiError.fromZod(parsedNl.error).issues?.map((issue) => ({ ...issue, path: issue.path === "(body)" ? "nl" : `nl.${issue.path}` })));
  }
  const show = (text: string): RichFieldPreview => {
    const { html, removed } = renderRichText(format, text);
    return { html, removed };
  };
  const english = { requirements: show(requirements), benefits: show(benefits) };
  return parsedNl.data ? { ...english, nl: { requirements: show(parsedNl.data.requirements), benefits: show(parsedNl.data.benefits) } } : english;
}

/** The rich fields ready to store; 400 when one has nothing readable left once sanitised. */
function renderForStorage(format: RichTextFormat, fields: { requirements: string; benefits: string }) {
  const requirements = renderRichText(format, fields.requirements);
  const benefits = renderRichText(format, fields.benefits);
  const issues = (["requirements", "benefits"] as const)
    .filter((field) => (field === "requirements" ? requirements : benefits).empty)
    .map((field) => ({ path: field, message: nothingReadable("opening", field, (field === "requirements" ? requirements : benefits).removed) }));
  if (issues.length) throw new ApiError("validation_failed", issues[0].message, issues);
  return {
    contentFormat: format,
    requirements: requirements.html,
    requirementsSource: requirements.source,
    benefits: benefits.html,
    benefitsSource: benefits.source,
  };
}

/** Content columns from a valid create or edit. */
function contentData(input: CreateOpeningInput | UpdateOpeningInput) {
  return {
    department: input.department,
    role: input.role,
    location: input.location,
    startDate: dateColumn(input.start_date),
    closesOn: input.closes_on ? dateColumn(input.closes_on) : null,
    description: input.description,
    about: input.about,
    overview: input.overview,
    interviewTime: input.interview_time,
    apply: input.apply,
    ...renderForStorage(input.content_format, input),
  };
}

/** A date being set (not one kept as it was) may not lie before today in Amsterdam. */
function refusePastDates(input: { start_date: string; closes_on?: string }, kept: { startDate?: string; closesOn?: string | null } = {}) {
  const today = todayInAmsterdam();
  const issues: IssueInput[] = [];
  if (input.start_date < today && input.start_date !== kept.startDate) {
    issues.push({ path: "start_date", message: { key: "opening.startDatePast" } });
  }
  if (input.closes_on && input.closes_on < today && input.closes_on !== kept.closesOn) {
    issues.push({ path: "closes_on", message: { key: "opening.closingDatePast" } });
  }
  if (issues.length) throw new ApiError("validation_failed", issues[0].message, issues);
}

// ---- Changes ----

/** Stores or removes the Dutch version inside the change's transaction; "keep" leaves it as it is. */
async function writeDutch(tx: Tx, jobId: string, dutch: DutchColumns | "remove" | "keep"): Promise<void> {
  if (dutch === "keep") return;
  if (dutch === "remove") {
    await tx.jobOpeningTranslation.deleteMany({ where: { jobId, locale: TRANSLATION_LOCALE } });
    return;
  }
  await tx.jobOpeningTranslation.upsert({
    where: { jobId_locale: { jobId, locale: TRANSLATION_LOCALE } },
    create: { jobId, locale: TRANSLATION_LOCALE, ...dutch },
    update: dutch,
  });
}

/** The Dutch change ready to write: its columns rendered in `format` (400 when nothing readable is left). */
function dutchToWrite(format: RichTextFormat, dutch: DutchChange): DutchColumns | "remove" | "keep" {
  if (dutch.kind === "set") return dutchColumns(format, dutch.fields);
  return dutch.kind;
}

/** Runs a change and its audit entry as one transaction, then expires the public cache. */
async function change<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  const result = await db.$transaction(work);
  revalidateJobOpenings();
  return result;
}

/** Why a conditional write touched no row: gone (404), a newer version (409) or the wrong status (409). */
async function refusal(tx: Tx, jobId: string, version: number | undefined, wrongStatus: (status: OpeningStatus) => ApiMessage): Promise<ApiError> {
  const row = await tx.jobOpening.findUnique({ where: { jobId }, select: { version: true, status: true } });
  if (!row) return notFound();
  if (version !== undefined && row.version !== version) return new OpeningVersionConflict(jobId, row.version, version);
  return new ApiError("conflict", wrongStatus(row.status));
}

/** A new draft; 409 when the job id is taken. */
export async function createOpening(operator: Operator, input: unknown): Promise<OpsOpening> {
  const { fields, dutch } = parseWithDutch(createOpeningSchema, input);
  refusePastDates(fields);
  const data = contentData(fields);
  const nl = dutchToWrite(fields.content_format, dutch);
  const taken = () =>
    new ApiError("conflict", { key: "opening.jobIdTaken", values: { jobId: fields.job_id } }, [{ path: "job_id", message: { key: "opening.jobIdTakenField" } }]);
  try {
    return await change(async (tx) => {
      if (await tx.jobOpening.findUnique({ where: { jobId: fields.job_id }, select: { jobId: true } })) throw taken();
      await tx.jobOpening.create({ data: { jobId: fields.job_id, status: "draft", version: 1, ...data } });
      await writeDutch(tx, fields.job_id, nl);
      const row = (await readWithDutch(tx, fields.job_id))!;
      await recordAudit(tx, operator, { action: "job_opening.create", targetType: "job_opening", targetId: row.jobId, after: auditView(row) });
      return toOpening(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Saves an edit made from `version`; 409 when someone saved a newer one, 404 when the opening is gone. */
export async function updateOpening(operator: Operator, jobId: unknown, input: unknown): Promise<OpsOpening> {
  const id = parseJobId(jobId);
  const { fields, dutch } = parseWithDutch(updateOpeningSchema, input);
  const db = await getDb();
  const current = await db.jobOpening.findUnique({ where: { jobId: id }, include: WITH_DUTCH });
  if (!current) throw notFound();
  if (current.version !== fields.version) throw new OpeningVersionConflict(id, current.version, fields.version);
  const stored = toOpening(current);
  refusePastDates(fields, { startDate: stored.startDate, closesOn: stored.closesOn });
  if (dutch.kind === "keep" && stored.nl && fields.content_format !== stored.contentFormat) {
    const message = { key: "opening.formatChanged" } as const;
    throw new ApiError("validation_failed", message, [{ path: "nl", message }]);
  }
  const data = contentData(fields);
  const nl = dutchToWrite(fields.content_format, dutch);
  return change(async (tx) => {
    const before = await readWithDutch(tx, id);
    const { count } = await tx.jobOpening.updateMany({
      where: { jobId: id, version: fields.version },
      data: { ...data, version: { increment: 1 } },
    });
    if (count !== 1) throw await refusal(tx, id, fields.version, () => ({ key: "opening.changedWhileSaving" }));
    await writeDutch(tx, id, nl);
    const after = (await readWithDutch(tx, id))!;
    await recordAudit(tx, operator, { action: "job_opening.update", targetType: "job_opening", targetId: id, before: auditView(before), after: auditView(after) });
    return toOpening(after);
  });
}

const JOB_ID_MAX = 64;

/** `<id>-copy`, then `<id>-copy-2`, `-copy-3` …, each within the 64 characters of a job id. */
export function copyIdCandidates(jobId: string, count = 50): string[] {
  const candidates: string[] = [];
  for (let n = 1; n <= count; n += 1) {
    const suffix = n === 1 ? "-copy" : `-copy-${n}`;
    const base = jobId.slice(0, JOB_ID_MAX - suffix.length).replace(/-+$/, "");
    candidates.push(`${base}${suffix}`);
  }
  return candidates;
}

/** A new draft with the same content under a new job id. */
export async function duplicateOpening(operator: Operator, jobId: unknown, input: unknown = {}): Promise<OpsOpening> {
  const id = parseJobId(jobId);
  const { version } = parse(transitionSchema, input ?? {});
  try {
    return await change(async (tx) => {
      const source = await readWithDutch(tx, id);
      if (!source) throw notFound();
      if (version !== undefined && source.version !== version) throw new OpeningVersionConflict(id, source.version, version);
      const candidates = copyIdCandidates(id);
      const used = new Set(
        (await tx.jobOpening.findMany({ where: { jobId: { in: candidates } }, select: { jobId: true } })).map((row) => row.jobId),
      );
      const newId = candidates.find((candidate) => !used.has(candidate));
      if (!newId) throw new ApiError("conflict", { key: "opening.tooManyCopies" });
      await tx.jobOpening.create({
        data: {
          jobId: newId,
          status: "draft",
          version: 1,
          department: source.department,
          role: source.role,
          location: source.location,
          startDate: source.startDate,
          closesOn: source.closesOn,
          description: source.description,
          about: source.about,
          overview: source.overview,
          requirements: source.requirements,
          benefits: source.benefits,
          contentFormat: source.contentFormat,
          requirementsSource: source.requirementsSource,
          benefitsSource: source.benefitsSource,
          interviewTime: source.interviewTime,
          apply: source.apply,
        },
      });
      for (const translation of source.translations) {
        await tx.jobOpeningTranslation.create({
          data: {
            jobId: newId,
            locale: translation.locale,
            ...translatedFieldsOf(translation),
            requirementsSource: translation.requirementsSource,
            benefitsSource: translation.benefitsSource,
          },
        });
      }
      const row = (await readWithDutch(tx, newId))!;
      await recordAudit(tx, operator, { action: "job_opening.duplicate", targetType: "job_opening", targetId: newId, before: { duplicateOf: id }, after: auditView(row) });
      return toOpening(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("conflict", { key: "opening.copyRace" });
    throw error;
  }
}

/** Draft or closed → published. */
export async function publishOpening(operator: Operator, jobId: unknown, input: unknown = {}): Promise<OpsOpening> {
  const id = parseJobId(jobId);
  const { version } = parse(transitionSchema, input ?? {});
  return change(async (tx) => {
    const before = auditView(await readWithDutch(tx, id));
    const { count } = await tx.jobOpening.updateMany({
      where: { jobId: id, status: { in: ["draft", "closed"] }, ...(version !== undefined ? { version } : {}) },
      data: { status: "published", publishedAt: new Date(), closedAt: null, version: { increment: 1 } },
    });
    if (count !== 1) throw await refusal(tx, id, version, () => ({ key: "opening.alreadyPublished" }));
    const after = (await readWithDutch(tx, id))!;
    await recordAudit(tx, operator, { action: "job_opening.publish", targetType: "job_opening", targetId: id, before, after: auditView(after) });
    return toOpening(after);
  });
}

/** The state an opening must be in for close or delete, checked before the password is asked for. */
async function checkBeforePassword(id: string, version: number | undefined, allowed: OpeningStatus[], wrongStatus: (status: OpeningStatus) => ApiMessage) {
  const row = await (await getDb()).jobOpening.findUnique({ where: { jobId: id }, select: { version: true, status: true } });
  if (!row) throw notFound();
  if (version !== undefined && row.version !== version) throw new OpeningVersionConflict(id, row.version, version);
  if (!allowed.includes(row.status)) throw new ApiError("conflict", wrongStatus(row.status));
}

const closeRefusal = (status: OpeningStatus): ApiMessage => ({ key: status === "closed" ? "opening.alreadyClosed" : "opening.closeDraft" });

/** Published → closed; asks for the operator's password. */
export async function closeOpening(operator: Operator, jobId: unknown, input: unknown): Promise<OpsOpening> {
  const id = parseJobId(jobId);
  const { version, password } = parse(confirmedTransitionSchema, input ?? {});
  await checkBeforePassword(id, version, ["published"], closeRefusal);
  await confirmPassword(operator, password);
  return change(async (tx) => {
    const before = auditView(await readWithDutch(tx, id));
    const { count } = await tx.jobOpening.updateMany({
      where: { jobId: id, status: "published", ...(version !== undefined ? { version } : {}) },
      data: { status: "closed", closedAt: new Date(), version: { increment: 1 } },
    });
    if (count !== 1) throw await refusal(tx, id, version, closeRefusal);
    const after = (await readWithDutch(tx, id))!;
    await recordAudit(tx, operator, { action: "job_opening.close", targetType: "job_opening", targetId: id, before, after: auditView(after) });
    return toOpening(after);
  });
}

const deleteRefusal = (): ApiMessage => ({ key: "opening.deletePublished" });

/** Removes a draft or a closed opening for good; asks for the operator's password. */
export async function deleteOpening(operator: Operator, jobId: unknown, input: unknown): Promise<{ jobId: string }> {
  const id = parseJobId(jobId);
  const { version, password } = parse(confirmedTransitionSchema, input ?? {});
  await checkBeforePassword(id, version, ["draft", "closed"], deleteRefusal);
  await confirmPassword(operator, password);
  return change(async (tx) => {
    const before = auditView(await readWithDutch(tx, id));
    const { count } = await tx.jobOpening.deleteMany({
      where: { jobId: id, status: { in: ["draft", "closed"] }, ...(version !== undefined ? { version } : {}) },
    });
    if (count !== 1) throw await refusal(tx, id, version, deleteRefusal);
    await recordAudit(tx, operator, { action: "job_opening.delete", targetType: "job_opening", targetId: id, before });
    return { jobId: id };
  });
}
