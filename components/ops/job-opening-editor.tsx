"use client";
// The console's form for one job opening (new or existing), beside a preview of its rich fields. The form
// posts to its server action and works without JavaScript: Save saves, Preview renders the page again
// with the preview. With JavaScript the preview follows the typing (POST /api/ops/job-openings/preview,
// debounced) and shows exactly the HTML the public page will show, with what sanitising removed. Below the
// English fields is the Dutch version: every field filled in, or all left empty for none.
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, controlClassName } from "@/components/ui/field";
import { useFormAction } from "@/components/ui/use-form-action";
import careers from "@/components/careers/careers.module.css";
import { IDLE_OPENING_FORM, PREVIEW_INTENT, type OpeningFormField, type OpeningFormState, type RichFieldPreview } from "@/lib/careers/console-form";
import { OPENING_LIMITS } from "@/lib/careers/console-schemas";

/** The longest Dutch department name (the English one is chosen from a list). */
const DUTCH_DEPARTMENT_MAX = 80;
import styles from "./job-openings.module.css";

type Values = Partial<Record<OpeningFormField, string>>;
type Preview = NonNullable<OpeningFormState["preview"]>;

export type JobOpeningEditorProps = {
  mode: "create" | "edit";
  action: (previous: OpeningFormState, form: FormData) => Promise<OpeningFormState>;
  /** The stored opening's values (for an edit), or the new form's starting values. */
  initial: Values;
  departments: readonly string[];
  /** The preview of the stored rich fields, rendered on the server with the page. */
  initialPreview?: Preview;
};

const PREVIEW_DELAY_MS = 400;

function unreachable(state: OpeningFormState): OpeningFormState {
  return { ...state, message: "We could not reach Fixwell. Check your connection and try again.", conflict: undefined, preview: undefined };
}

function RemovedList({ removed, what }: { removed: string[]; what: string }) {
  if (removed.length === 0) return <p className={styles.nothingRemoved}>Nothing was removed from the {what}.</p>;
  return (
    <div>
      <p className={styles.nothingRemoved}>Removed from the {what}, because the public page does not allow it:</p>
      <ul className={styles.removed} aria-label={`Removed from the ${what}`}>
        {removed.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function PreviewField({ title, what, preview, lang, level = 3 }: { title: string; what: string; preview: RichFieldPreview; lang?: string; level?: 3 | 4 }) {
  const Heading = level === 4 ? "h4" : "h3";
  return (
    <>
      <Heading lang={lang}>{title}</Heading>
      {preview.html ? (
        <div lang={lang} className={careers.richText} dangerouslySetInnerHTML={{ __html: preview.html }} />
      ) : (
        <p className={styles.nothingRemoved}>Nothing to show yet.</p>
      )}
      <RemovedList removed={preview.removed} what={what} />
    </>
  );
}

/** Whether a preview has anything to show or report (an English-only opening has an empty Dutch one). */
function hasContent(preview: { requirements: RichFieldPreview; benefits: RichFieldPreview }): boolean {
  return [preview.requirements, preview.benefits].some((field) => field.html !== "" || field.removed.length > 0);
}

export function JobOpeningEditor({ mode, action, initial, departments, initialPreview }: JobOpeningEditorProps) {
  const router = useRouter();
  const { state, formAction, submit, pending } = useFormAction(action, IDLE_OPENING_FORM, unreachable);
  const formRef = useRef<HTMLFormElement>(null);
  const [live, setLive] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);

  useEffect(() => {
    if (!state.next) return;
    router.replace(state.next, { scroll: false });
    router.refresh();
  }, [state.next, router]);

  const refreshPreview = useCallback(async () => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const request = ++latest.current;
    try {
      const response = await fetch("/api/ops/job-openings/preview", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          format: data.get("content_format"),
          requirements: data.get("requirements"),
          benefits: data.get("benefits"),
          nl: { requirements: data.get("nl_requirements") ?? "", benefits: data.get("nl_benefits") ?? "" },
        }),
      });
      const body = (await response.json()) as Preview | { error?: { message?: string } };
      if (request !== latest.current) return;
      if (!response.ok || !("requirements" in body)) {
        setPreviewError(("error" in body && body.error?.message) || "The preview could not be made.");
        return;
      }
      setPreviewError(null);
      setLive(body);
    } catch {
      if (request === latest.current) setPreviewError("The preview could not be made just now.");
    }
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  function onInput(event: React.FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (!["requirements", "benefits", "nl_requirements", "nl_benefits", "content_format"].includes(name)) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refreshPreview(), PREVIEW_DELAY_MS);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || state.next) return;
    submit(new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter));
  }

  // Posted values win over stored ones, so a page rendered again after a refusal keeps what was typed.
  const values: Values = { ...initial, ...state.values };
  const errors = state.fieldErrors;
  const shown = live ?? state.preview ?? initialPreview;
  const id = (name: string) => `opening-${name}`;

  const text = (
    name: OpeningFormField,
    label: React.ReactNode,
    props: { hint?: string; multiline?: boolean; rich?: boolean; type?: string; required?: boolean; max?: number; lang?: string } = {},
  ) => (
    <Field id={id(name)} label={label} hint={props.hint} error={errors[name]}>
      {(control) =>
        props.multiline ? (
          <textarea
            {...control}
            name={name}
            lang={props.lang}
            defaultValue={values[name] ?? ""}
            maxLength={props.max}
            required={props.required ?? true}
            className={`${controlClassName} ${styles.textarea} ${props.rich ? styles.rich : ""}`}
          />
        ) : (
          <input
            {...control}
            name={name}
            lang={props.lang}
            type={props.type ?? "text"}
            defaultValue={values[name] ?? ""}
            maxLength={props.max}
            required={props.required ?? true}
            className={controlClassName}
          />
        )
      }
    </Field>
  );

  // The Dutch fields: labelled in Dutch (lang="nl"), never required on their own.
  const dutch = (name: OpeningFormField, label: string, props: { hint?: string; multiline?: boolean; rich?: boolean; max?: number } = {}) =>
    text(name, <span lang="nl">{label}</span>, { ...props, required: false, lang: "nl" });

  return (
    <div className={styles.layout}>
      <form ref={formRef} action={formAction} onSubmit={onSubmit} onInput={onInput} aria-label={mode === "create" ? "New job opening" : "Edit job opening"} className={styles.editor} noValidate>
        {mode === "edit" ? (
          <>
            <input type="hidden" name="job_id" value={initial.job_id ?? ""} />
            <input type="hidden" name="version" value={initial.version ?? ""} />
          </>
        ) : null}

        {state.conflict ? (
          <Alert tone="error" title="Not saved: someone else changed this opening">
            <p>
              Version {state.conflict.version} was saved after you opened version {initial.version}. Your changes are still in the form below; copy
              what you need, then {/* A whole page load, not a client-side navigation: the newer version arrives with a fresh form,
              and the router's soft navigation to this same page with a new query could keep showing the old one. */}
              <a href={`${state.conflict.path}?version=${state.conflict.version}`}>open version {state.conflict.version}</a> and make them there.
            </p>
          </Alert>
        ) : null}

        {mode === "create"
          ? text("job_id", "Job id", { hint: "Part of the page's address: lower-case letters, digits and single hyphens, e.g. senior-plumber-rotterdam.", max: 64 })
          : null}

        <div className={styles.row}>
          <Field id={id("department")} label="Department" error={errors.department}>
            {(control) => (
              <select {...control} name="department" defaultValue={values.department ?? ""} required className={controlClassName}>
                <option value="" disabled>
                  Choose a department
                </option>
                {departments.map((department) => (
                  <option key={department} value={department}>
                    {department}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {text("role", "Role", { max: OPENING_LIMITS.role })}
          {text("location", "Location", { hint: "A city, or Remote (Netherlands).", max: OPENING_LIMITS.location })}
        </div>

        <div className={styles.row}>
          {text("start_date", "Start date", { type: "date" })}
          {text("closes_on", "Applications close on (optional)", { type: "date", required: false, hint: "The last day applications are taken." })}
        </div>

        {text("description", "Short description", { multiline: true, max: OPENING_LIMITS.description, hint: "One or two sentences for the list and search results." })}
        {text("overview", "The role", { multiline: true, max: OPENING_LIMITS.overview })}

        <Field id={id("content_format")} label="Requirements and benefits are written in" error={errors.content_format}>
          {(control) => (
            <select {...control} name="content_format" defaultValue={values.content_format || "html"} className={controlClassName}>
              <option value="html">HTML</option>
              <option value="markdown">Markdown</option>
            </select>
          )}
        </Field>
        {text("requirements", "What we look for (requirements)", { multiline: true, rich: true, max: OPENING_LIMITS.requirements })}
        {text("benefits", "What we offer (benefits)", { multiline: true, rich: true, max: OPENING_LIMITS.benefits })}

        {text("interview_time", "How we interview", { multiline: true, max: OPENING_LIMITS.interview_time })}
        {text("apply", "How to apply", { multiline: true, max: OPENING_LIMITS.apply, hint: "E-mail addresses become links." })}
        {text("about", "About Fixwell", { multiline: true, max: OPENING_LIMITS.about })}

        <fieldset className={styles.dutch} aria-describedby="opening-dutch-hint">
          <legend>Dutch version (optional)</legend>
          <p id="opening-dutch-hint" className={styles.nothingRemoved}>
            Fill in every field for a Dutch page, or leave them all empty: the Dutch careers page then says the opening is only available in
            English, with a link to it. Requirements and benefits are written in the same format as the English ones.
          </p>
          {errors.nl ? <p className={styles.dutchError}>{errors.nl}</p> : null}
          <div className={styles.row}>
            {dutch("nl_department", "Afdeling", { max: DUTCH_DEPARTMENT_MAX })}
            {dutch("nl_role", "Functie", { max: OPENING_LIMITS.role })}
            {dutch("nl_location", "Locatie", { max: OPENING_LIMITS.location, hint: "For example Den Haag, or Op afstand (Nederland)." })}
          </div>
          {dutch("nl_description", "Korte omschrijving", { multiline: true, max: OPENING_LIMITS.description })}
          {dutch("nl_overview", "Over de functie", { multiline: true, max: OPENING_LIMITS.overview })}
          {dutch("nl_requirements", "Wat we zoeken (eisen)", { multiline: true, rich: true, max: OPENING_LIMITS.requirements })}
          {dutch("nl_benefits", "Wat we bieden (voorwaarden)", { multiline: true, rich: true, max: OPENING_LIMITS.benefits })}
          {dutch("nl_interview_time", "Zo verlopen de gesprekken", { multiline: true, max: OPENING_LIMITS.interview_time })}
          {dutch("nl_apply", "Zo solliciteer je", { multiline: true, max: OPENING_LIMITS.apply })}
          {dutch("nl_about", "Over Fixwell", { multiline: true, max: OPENING_LIMITS.about })}
        </fieldset>

        {state.message && !state.conflict ? (
          <Alert tone="error">
            <p>{state.message}</p>
          </Alert>
        ) : null}

        <div className={styles.buttons}>
          <Button type="submit" disabled={pending}>
            {mode === "create" ? "Save draft" : "Save changes"}
          </Button>
          <Button type="submit" variant="secondary" name={PREVIEW_INTENT.name} value={PREVIEW_INTENT.value} disabled={pending}>
            Preview
          </Button>
        </div>
      </form>

      <section className={styles.preview} aria-labelledby="opening-preview">
        <h2 id="opening-preview">Preview</h2>
        <p>The requirements and benefits exactly as the public page will show them.</p>
        {previewError ? (
          <Alert tone="warning">
            <p>{previewError}</p>
          </Alert>
        ) : null}
        {shown ? (
          <div data-testid="opening-preview">
            <PreviewField title="What we look for" what="requirements" preview={shown.requirements} />
            <PreviewField title="What we offer" what="benefits" preview={shown.benefits} />
          </div>
        ) : (
          <p className={styles.nothingRemoved}>Write the requirements and benefits, then choose Preview.</p>
        )}
        {shown?.nl && hasContent(shown.nl) ? (
          <div data-testid="opening-preview-nl">
            <h3 className={styles.previewLanguage}>Dutch version</h3>
            <PreviewField title="Wat we zoeken" what="Dutch requirements" preview={shown.nl.requirements} lang="nl" level={4} />
            <PreviewField title="Wat we bieden" what="Dutch benefits" preview={shown.nl.benefits} lang="nl" level={4} />
          </div>
        ) : null}
      </section>
    </div>
  );
}
