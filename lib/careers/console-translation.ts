// The Dutch version of a job opening as an operator edits it: every translatable field, or none at all.
// The API takes it as an optional `nl` object beside the English fields:
// - missing: the Dutch version is left as it is;
// - null, or every field empty: the opening has no Dutch version (a stored one is removed);
// - every field filled in: stored (requirements and benefits rendered in the opening's content format and
//   sanitised like the English ones);
// - some filled in and some not: refused with 400, naming each empty field.
// The console's form posts the same fields as nl_<field>.
import "server-only";
import { z } from "zod";
import type { Locale } from "../../i18n/locales";
import { ApiError, apiMessage, type ApiMessage, type IssueInput } from "../api/errors";
import type { JobOpeningTranslation as TranslationRow } from "../generated/prisma/client";
import { draftText, OPENING_LIMITS } from "./console-schemas";
import { cleanFreeText, UNSAFE_TEXT_MESSAGE } from "../validations/text";
import { renderRichText, type RichTextFormat } from "./rich-text";
import { TRANSLATED_OPENING_FIELDS, TRANSLATED_WIRE_FIELDS, translatedFieldsOf, wireFieldName, type JobOpening, type TranslatedOpeningField, type TranslatedWireField } from "./types";

/** The one language besides English an opening can have (the table's CHECK constraint agrees). */
export const TRANSLATION_LOCALE = "nl" as const;

const DUTCH_FIELDS = TRANSLATED_WIRE_FIELDS;
export type DutchField = TranslatedWireField;

const DUTCH_LIMITS: Record<DutchField, number> = { department: 80, ...OPENING_LIMITS };

/** A field's name in the reader's language (api catalogue, opening.fields.*), as a message value. */
const fieldLabel = (field: DutchField) => (locale: Locale) => apiMessage(locale, { key: `opening.fields.${field}` });

/** "Nothing readable is left of the (Dutch) requirements …", naming up to three of the pieces removed. */
export function nothingReadable(group: "opening" | "opening.dutch", field: "requirements" | "benefits", removed: readonly string[]): ApiMessage {
  const values = { field: fieldLabel(field) };
  if (!removed.length) return { key: `${group}.nothingReadable` as const, values };
  return { key: `${group}.nothingReadableRemoved` as const, values: { ...values, removed: removed.slice(0, 3).join("; ") } };
}

/** The Dutch version in the API's words (snake_case), texts trimmed. */
export type DutchInput = Record<DutchField, string>;

/** What a create or edit does with the Dutch version. */
export type DutchChange = { kind: "keep" } | { kind: "remove" } | { kind: "set"; fields: DutchInput };

/** The Dutch columns to store: plain fields as typed, rich ones sanitised with their Markdown source. */
export type DutchColumns = Pick<JobOpening, TranslatedOpeningField> & { requirementsSource: string | null; benefitsSource: string | null };

/** The Dutch version of a create or edit body, or the issues that refuse it (paths `nl.<field>`). */
export function readDutchChange(body: unknown): { change: DutchChange; issues: IssueInput[] } {
  const keep = { change: { kind: "keep" } as DutchChange, issues: [] };
  if (typeof body !== "object" || body === null || Array.isArray(body) || !("nl" in body)) return keep;
  const nl = (body as { nl?: unknown }).nl;
  if (nl === undefined) return keep;
  if (nl === null) return { change: { kind: "remove" }, issues: [] };
  if (typeof nl !== "object" || Array.isArray(nl)) {
    return { change: { kind: "keep" }, issues: [{ path: "nl", message: { key: "opening.dutch.notObject" } }] };
  }
  const issues: IssueInput[] = [];
  const fields = {} as DutchInput;
  for (const field of DUTCH_FIELDS) {
    const value = (nl as Record<string, unknown>)[field];
    if (value === undefined || value === null) fields[field] = "";
    else if (typeof value !== "string") {
      issues.push({ path: `nl.${field}`, message: { key: "opening.dutch.notText", values: { field: fieldLabel(field) } } });
      fields[field] = "";
    } else {
      // The free-text rule of the English fields and every other form (lib/validations/text.ts).
      const text = cleanFreeText(value);
      fields[field] = text ?? "";
      if (text === null) issues.push({ path: `nl.${field}`, message: UNSAFE_TEXT_MESSAGE });
      else if (fields[field].length > DUTCH_LIMITS[field]) {
        issues.push({ path: `nl.${field}`, message: { key: "opening.dutch.tooLong", values: { field: fieldLabel(field), max: DUTCH_LIMITS[field] } } });
      }
    }
  }
  const filled = DUTCH_FIELDS.filter((field) => fields[field] !== "");
  const typeIssues = issues.length > 0;
  if (filled.length === 0 && !typeIssues) return { change: { kind: "remove" }, issues: [] };
  if (filled.length < DUTCH_FIELDS.length) {
    for (const field of DUTCH_FIELDS) {
      if (fields[field] === "" && !issues.some((issue) => issue.path === `nl.${field}`)) {
        issues.push({ path: `nl.${field}`, message: { key: "opening.dutch.missing", values: { field: fieldLabel(field) } } });
      }
    }
  }
  if (issues.length) return { change: { kind: "keep" }, issues };
  return { change: { kind: "set", fields }, issues: [] };
}

/** The first message for a refused Dutch version: the incomplete notice, or the one issue. */
export function dutchRefusalMessage(issues: IssueInput[]): ApiMessage | string {
  const missing = issues.some((issue) => typeof issue.message !== "string" && issue.message.key === "opening.dutch.missing");
  return missing ? { key: "opening.dutch.incomplete" } : issues[0].message;
}

/** The Dutch columns ready to store; 400 when a rich field has nothing readable left once sanitised. */
export function dutchColumns(format: RichTextFormat, fields: DutchInput): DutchColumns {
  const requirements = renderRichText(format, fields.requirements);
  const benefits = renderRichText(format, fields.benefits);
  const issues: IssueInput[] = [];
  for (const [field, rendered] of [["requirements", requirements], ["benefits", benefits]] as const) {
    if (!rendered.empty) continue;
    issues.push({ path: `nl.${field}`, message: nothingReadable("opening.dutch", field, rendered.removed) });
  }
  if (issues.length) throw new ApiError("validation_failed", issues[0].message, issues);
  const typed = Object.fromEntries(TRANSLATED_OPENING_FIELDS.map((field) => [field, fields[wireFieldName(field)]])) as Pick<JobOpening, TranslatedOpeningField>;
  return {
    ...typed,
    requirements: requirements.html,
    requirementsSource: requirements.source,
    benefits: benefits.html,
    benefitsSource: benefits.source,
  };
}

/** A stored Dutch version as the console shows it. */
export type OpsTranslation = DutchColumns & { locale: typeof TRANSLATION_LOCALE; createdAt: Date; updatedAt: Date };

export function toTranslation(row: TranslationRow): OpsTranslation {
  return {
    locale: TRANSLATION_LOCALE,
    ...translatedFieldsOf(row),
    requirementsSource: row.requirementsSource,
    benefitsSource: row.benefitsSource,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The API's view of a Dutch version (snake_case, like the English fields). */
export function toTranslationPayload(translation: OpsTranslation | null) {
  if (!translation) return null;
  return {
    ...(Object.fromEntries(TRANSLATED_OPENING_FIELDS.map((field) => [wireFieldName(field), translation[field]])) as Record<TranslatedWireField, string>),
    requirements_source: translation.requirementsSource,
    benefits_source: translation.benefitsSource,
    updated_at: translation.updatedAt.toISOString(),
  };
}

/** The Dutch rich fields of a preview request, when it has them. */
export const dutchPreviewSchema = z
  .object({
    requirements: draftText(OPENING_LIMITS.requirements, `The Dutch requirements may be at most ${OPENING_LIMITS.requirements} characters.`),
    benefits: draftText(OPENING_LIMITS.benefits, `The Dutch benefits may be at most ${OPENING_LIMITS.benefits} characters.`),
  })
  .optional();
