// What the console's job opening forms and their server actions (./job-opening-actions.ts) share: the
// fields the editor posts, and the answer its action hands back — a refusal, a conflict with a newer
// version, or a preview of the rich fields — with the posted values, so a page rendered again without
// JavaScript shows what the operator typed. The Dutch version's fields are posted as nl_<field>.
import type { StepFormState } from "../requests/step-form";

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

/** The Dutch version's fields (lib/ops/opening-translation.ts): all filled in, or all empty for none. */
export const DUTCH_FORM_FIELDS = [
  "nl_department",
  "nl_role",
  "nl_location",
  "nl_description",
  "nl_about",
  "nl_overview",
  "nl_requirements",
  "nl_benefits",
  "nl_interview_time",
  "nl_apply",
] as const;

export type OpeningFormField = (typeof OPENING_FORM_FIELDS)[number] | (typeof DUTCH_FORM_FIELDS)[number];

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
