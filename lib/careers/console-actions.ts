"use server";
// The server actions behind the console's job opening forms: the same functions as the API's handlers
// (./console.ts), the operator from the session (consoleChange: anyone else gets the 404), and the
// job id and version from the form. A refusal is answered in the form; a change that went through leads
// on with a notice — by a redirect whether or not the page's script made the post: a change expires the
// cached openings, which would have Next.js render the page again in place, taking away the form (Publish
// once published, a deleted opening's whole page) that was to lead the browser on. The editor's Preview
// button posts to the same action as Save and changes nothing. The Dutch version's fields (nl_<field>) go
// to the service as its `nl` object, and its refusals come back beside those fields.
import { redirect } from "next/navigation";
import { ApiError } from "../api/errors";
import { consoleChange, operatorAction } from "../forms/action";
import type { StepFormState } from "../requests/step-form";
import { textOf } from "../validations/form-data";
import {
  closeOpening,
  createOpening,
  deleteOpening,
  duplicateOpening,
  OpeningVersionConflict,
  opsOpeningPath,
  previewRichFields,
  publishOpening,
  updateOpening,
} from "./console";
import { DUTCH_FORM_FIELDS, OPENING_FORM_FIELDS, PREVIEW_INTENT, type OpeningFormState } from "./console-form";

const LIST_PATH = "/ops/job-openings";

/** A change that went through leads on by a redirect (see the top of this file); a refusal is the form's. */
function leadOn<S extends StepFormState>(state: S): S {
  if (state.next) redirect(state.next);
  return state;
}

function valuesOf(form: FormData): NonNullable<OpeningFormState["values"]> {
  return Object.fromEntries([...OPENING_FORM_FIELDS, ...DUTCH_FORM_FIELDS].map((name) => [name, textOf(form, name)]));
}

/** The posted fields as the service takes them: empty optional ones left out, the Dutch ones as `nl`. */
function inputOf(form: FormData): Record<string, unknown> {
  const english = Object.fromEntries(
    OPENING_FORM_FIELDS.map((name) => [name, textOf(form, name)] as const).filter(([name, value]) => value !== "" || (name !== "version" && name !== "closes_on")),
  );
  const nl = Object.fromEntries(DUTCH_FORM_FIELDS.map((name) => [name.slice("nl_".length), textOf(form, name)]));
  return { ...english, nl };
}

/** The service's refusals of the Dutch version (`nl.role`) beside the form's fields (`nl_role`). */
async function withFormPaths<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError) || error instanceof OpeningVersionConflict || !error.issues?.some((issue) => issue.path.startsWith("nl"))) throw error;
    const issues = (error.issueTexts ?? []).map((issue) => (issue.path.startsWith("nl.") ? { ...issue, path: `nl_${issue.path.slice(3)}` } : issue));
    throw error.withIssues(issues);
  }
}

/** The version a transition form showed, when it names one. */
function versionOf(form: FormData): { version?: string } {
  const version = textOf(form, "version");
  return version ? { version } : {};
}

const preview = operatorAction.action<OpeningFormState>(
  { name: "a job opening preview", area: "ops", keep: (form) => ({ message: null, fieldErrors: {}, values: valuesOf(form) }) },
  async ({ form, kept }) => {
    const values = valuesOf(form);
    const rendered = await withFormPaths(async () =>
      previewRichFields({
        format: values.content_format || "html",
        requirements: values.requirements,
        benefits: values.benefits,
        nl: { requirements: values.nl_requirements, benefits: values.nl_benefits },
      }),
    );
    return { ...kept, preview: rendered };
  },
);

/** New opening: a draft, then its own page. */
export async function createOpeningAction(previous: OpeningFormState, form: FormData): Promise<OpeningFormState> {
  if (textOf(form, PREVIEW_INTENT.name) === PREVIEW_INTENT.value) return preview(previous, form);
  const state = leadOn(
    await consoleChange(form, "opening-created", (opening: { jobId: string }) => opsOpeningPath(opening.jobId), (operator) => withFormPaths(() => createOpening(operator, inputOf(form)))),
  );
  return { ...state, values: valuesOf(form) };
}

/** Save an edit made from the version the form carries; a newer one is named with its link. */
export async function saveOpeningAction(previous: OpeningFormState, form: FormData): Promise<OpeningFormState> {
  if (textOf(form, PREVIEW_INTENT.name) === PREVIEW_INTENT.value) return preview(previous, form);
  const jobId = textOf(form, "job_id");
  let conflict: OpeningFormState["conflict"];
  const state = leadOn(
    await consoleChange(form, "opening-saved", opsOpeningPath(jobId), async (operator) => {
      try {
        return await withFormPaths(() => updateOpening(operator, jobId, inputOf(form)));
      } catch (error) {
        if (error instanceof OpeningVersionConflict) conflict = { version: error.currentVersion, path: error.path };
        throw error;
      }
    }),
  );
  return { ...state, conflict, values: valuesOf(form) };
}

export async function publishOpeningAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  const jobId = textOf(form, "job_id");
  return leadOn(await consoleChange(form, "opening-published", opsOpeningPath(jobId), (operator) => publishOpening(operator, jobId, versionOf(form))));
}

export async function closeOpeningAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  const jobId = textOf(form, "job_id");
  return leadOn(
    await consoleChange(form, "opening-closed", opsOpeningPath(jobId), (operator) => closeOpening(operator, jobId, { ...versionOf(form), password: textOf(form, "password") })),
  );
}

export async function duplicateOpeningAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  const jobId = textOf(form, "job_id");
  return leadOn(
    await consoleChange(form, "opening-duplicated", (copy: { jobId: string }) => opsOpeningPath(copy.jobId), (operator) => duplicateOpening(operator, jobId, versionOf(form))),
  );
}

export async function deleteOpeningAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  const jobId = textOf(form, "job_id");
  return leadOn(
    await consoleChange(form, "opening-deleted", LIST_PATH, (operator) => deleteOpening(operator, jobId, { ...versionOf(form), password: textOf(form, "password") })),
  );
}
