"use client";
// The request form on /inputs. It validates with the same schema as the API, sends one POST with an id
// made once per form (so a double click or a retry can never store two requests) and, once stored,
// moves on to choosing how the handyman is picked.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { v4 as uuidv4 } from "uuid";
import { useSessionUser } from "@/components/providers/session-user";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  CITIES,
  MAX_DETAILS_LENGTH,
  TASK_TYPES,
  TASK_TYPE_LABELS,
  requestFormSchema,
  todayInAmsterdam,
} from "@/lib/validations/inputs";
import { ApiRequestError, inputsApi, rememberSavedInput } from "./api-client";
import { Field } from "./field";
import styles from "./request.module.css";

type FieldName = "task_type" | "city" | "details" | "date";
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

const FIELD_ORDER: FieldName[] = ["task_type", "city", "date", "details"];
const SUCCESS_PAUSE_MS = 800;
const PAST_DATE_NOTE = "Dates before today are not possible, so the date was set to today.";

export function RequestForm() {
  const user = useSessionUser();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [inputId] = useState(() => uuidv4());
  const [today, setToday] = useState(() => todayInAmsterdam());
  const [values, setValues] = useState<Values>({ task_type: "", city: "", details: "", date: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [dateNote, setDateNote] = useState<string | null>(null);
  const fieldRefs = useRef<Partial<Record<FieldName, HTMLElement | null>>>({});

  const submit = useMutation({
    mutationFn: inputsApi.create,
    onSuccess: async ({ rows }) => {
      const [row] = rows;
      await rememberSavedInput(queryClient, user.email, row);
      // Long enough to read the success message before the next step replaces the form.
      window.setTimeout(() => router.push(`/inputs/criteria/${row.input_id}`), SUCCESS_PAUSE_MS);
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.issues?.length) {
        const fromServer: Errors = {};
        for (const issue of error.issues) {
          if ((FIELD_ORDER as string[]).includes(issue.path)) fromServer[issue.path as FieldName] ??= issue.message;
        }
        setErrors(fromServer);
      }
      setSummary(error.message);
    },
  });
  const done = submit.isSuccess;

  function update(name: FieldName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  /** The rule of the product: an earlier date than today becomes today. */
  function clampDate(): string {
    const now = todayInAmsterdam();
    setToday(now);
    if (values.date && values.date < now) {
      setValues((current) => ({ ...current, date: now }));
      setDateNote(PAST_DATE_NOTE);
      return now;
    }
    return values.date;
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submit.isPending || done) return;
    const date = clampDate();
    const parsed = requestFormSchema.safeParse({ ...values, date });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      setErrors(found);
      const count = Object.keys(found).length;
      setSummary(`Please fix the ${count === 1 ? "field" : `${count} fields`} marked below.`);
      const first = FIELD_ORDER.find((name) => found[name]);
      if (first) fieldRefs.current[first]?.focus();
      return;
    }
    setErrors({});
    setSummary(null);
    submit.mutate({ ...parsed.data, input_id: inputId, user_email: user.email, criteria: "" });
  }

  const detailsLeft = MAX_DETAILS_LENGTH - values.details.length;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby="request-form-required">
      <p id="request-form-required" className={styles.hint}>
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>

      {summary ? <Alert tone="error">{summary}</Alert> : null}

      <Field id="task_type" label={<>Task type <Required /></>} error={errors.task_type}>
        {(control) => (
          <select
            {...control}
            ref={(el) => {
              fieldRefs.current.task_type = el;
            }}
            name="task_type"
            className={styles.control}
            value={values.task_type}
            onChange={(e) => update("task_type", e.target.value)}
            required
            disabled={done}
          >
            <option value="">Choose a task type</option>
            {TASK_TYPES.map((task) => (
              <option key={task} value={task}>
                {TASK_TYPE_LABELS[task]}
              </option>
            ))}
          </select>
        )}
      </Field>

      <Field id="city" label={<>City <Required /></>} error={errors.city}>
        {(control) => (
          <select
            {...control}
            ref={(el) => {
              fieldRefs.current.city = el;
            }}
            name="city"
            className={styles.control}
            value={values.city}
            onChange={(e) => update("city", e.target.value)}
            required
            disabled={done}
          >
            <option value="">Choose a city</option>
            {CITIES.map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </select>
        )}
      </Field>

      <Field
        id="date"
        label={<>Preferred date <Required /></>}
        hint="Today or later."
        error={errors.date}
        note={dateNote}
      >
        {(control) => (
          <input
            {...control}
            ref={(el) => {
              fieldRefs.current.date = el;
            }}
            type="date"
            name="date"
            className={styles.control}
            min={today}
            value={values.date}
            onFocus={() => setToday(todayInAmsterdam())}
            onChange={(e) => {
              setDateNote(null);
              update("date", e.target.value);
            }}
            onBlur={clampDate}
            required
            disabled={done}
          />
        )}
      </Field>

      <Field
        id="details"
        label="Details"
        hint={`What needs doing? Up to ${MAX_DETAILS_LENGTH.toLocaleString("en-GB")} characters.`}
        error={errors.details}
      >
        {(control) => (
          <>
            <textarea
              {...control}
              ref={(el) => {
                fieldRefs.current.details = el;
              }}
              name="details"
              className={`${styles.control} ${styles.textarea}`}
              rows={5}
              maxLength={MAX_DETAILS_LENGTH}
              value={values.details}
              onChange={(e) => update("details", e.target.value)}
              disabled={done}
            />
            <p className={styles.counter} aria-hidden="true">
              {detailsLeft.toLocaleString("en-GB")} characters left
            </p>
          </>
        )}
      </Field>

      <Field
        id="photo"
        label="Photo of the problem (optional)"
        hint="It helps you show the handyman what is wrong. The photo stays on your device: it is not uploaded or sent with your request."
      >
        {(control) => <input {...control} type="file" name="photo" accept="image/*" className={styles.file} disabled={done} />}
      </Field>

      <div className={styles.actions}>
        <Button type="submit" size="lg" disabled={submit.isPending || done}>
          {submit.isPending ? "Submitting…" : "Submit request"}
        </Button>
        <p className={styles.success} role="status">
          {done ? "Request submitted successfully!" : ""}
        </p>
      </div>
    </form>
  );
}

function Required() {
  return (
    <span className={styles.required} aria-hidden="true">
      *
    </span>
  );
}
