// What the console's job opening forms and their server actions (./job-opening-actions.ts) share: the
// fields the editor posts, and the answer its action hands back — a refusal, a conflict with a newer
// version, or a preview of the rich fields — with the posted values, so a page rendered again without
// JavaScript shows what the operator typed. The Dutch version's fields are posted as nl_<field>.
import type { StepFormState } from "../requests/step-form";
import { TRANSLATED_WIRE_FIELDS, type TranslatedWireField } from "./types";

export const OPENING_FORM_FIELDS = [
  "job_id",
  "version",
  "department",
  "role",
  "location",
  "start_date",
  "closes_on",
  "description",
  "about",
  "overview",
  "content_format",
  "requirements",
  "benefits",
  "interview_time",
  "apply",
] as const;

/** The name of a Dutch field in the console's form. */
const dutchFormName = (field: TranslatedWireField) => `nl_${field}` as const;

/** The Dutch version's fields (./console-translation.ts): all filled in, or all empty for none. */
export const DUTCH_FORM_FIELDS = TRANSLATED_WIRE_FIELDS.map(dutchFormName);

export type OpeningFormField = (typeof OPENING_FORM_FIELDS)[number] | ReturnType<typeof dutchFormName>;

export type RichFieldPreview = { html: string; removed: string[] };

type RichPreview = { requirements: RichFieldPreview; benefits: RichFieldPreview };

export type OpeningFormState = StepFormState & {
  /** Someone saved a newer version: which, and the console page that shows it. */
  conflict?: { version: number; path: string };
  /** The rich fields as the public page would show them (the Preview button). */
  preview?: RichPreview & { nl?: RichPreview };
  /** What was posted, to fill the fields again. */
  values?: Partial<Record<OpeningFormField, string>>;
};

export const IDLE_OPENING_FORM: OpeningFormState = { message: null, fieldErrors: {} };

/** The name and value of the editor's Preview button. */
export const PREVIEW_INTENT = { name: "intent", value: "preview" } as const;
