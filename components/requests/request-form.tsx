"use client";
// The request form on /inputs: a post to the request server action, under an id the server rendered
// into the form (so a double click, a retry after a lost answer or a replayed post never stores two
// requests). With JavaScript the fields are checked in the browser first (the schema the server uses,
// an earlier date moved to today), the form stays in place to say it was stored, then moves on to
// choosing how the handyman is picked; without it, the post is answered with that page directly.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { localizeHref, usePageLocale } from "@/components/i18n/link";
import { useEffect, useRef, useState } from "react";
import { useSessionUser } from "@/components/providers/session-user";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, controlClassName } from "@/components/ui/field";
import { useFormAction } from "@/components/ui/use-form-action";
import { useValidationText } from "@/components/ui/use-validation-text";
import { createRequestAction } from "@/lib/requests/actions";
import { CITIES, TASK_TYPES } from "@/lib/requests/catalogue";
import { cityLabel, taskTypeLabel } from "@/lib/requests/words";
import {
  emptyRequestForm,
  fixFieldsMessage,
  REQUEST_FORM_FIELDS,
  type RequestFormField,
  type RequestFormState,
  type RequestFormValues,
} from "@/lib/requests/form";
import { MAX_DETAILS_LENGTH, latestRequestDate, todayInAmsterdam } from "@/lib/requests/rules";
import { fieldErrorsOf, type FieldErrors } from "@/lib/validations/field-errors";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_REQUEST, PHOTOS_FIELD } from "@/lib/photos/limits";
import { PhotoPicker, uploadPickedPhotos, type PickedPhoto } from "./photo-picker";
import { rememberSavedRequest } from "./request-cache";
import styles from "./request.module.css";

const SUCCESS_PAUSE_MS = 800;

/**
 * The schema the server checks with (and zod with it) loads when the form is first used, not with the
 * page: on a phone its script took the main thread long enough to hold the page up.
 */
function loadSchema() {
  return import("@/lib/requests/schemas").then((schemas) => schemas.requestFormSchema);
}

export function RequestForm({ requestId }: { requestId: string }) {
  const t = useTranslations("request.form");
  const locale = usePageLocale();
  const validation = useValidationText();
  const unreachable = (state: RequestFormState): RequestFormState => ({ ...state, fieldErrors: {}, message: t("unreachable") });
  const user = useSessionUser();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { state, formAction, submit, pending } = useFormAction(createRequestAction, emptyRequestForm(requestId), unreachable);
  const [today, setToday] = useState(() => todayInAmsterdam());
  const [values, setValues] = useState<RequestFormValues>(state.values);
  const [errors, setErrors] = useState<FieldErrors>(state.fieldErrors);
  const [summary, setSummary] = useState<string | null>(state.message);
  const [dateNote, setDateNote] = useState<string | null>(null);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  /** Set when a photo could not be sent after the request was stored: the form stays, with a way on. */
  const [notAllSent, setNotAllSent] = useState<string | null>(null);
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  const fieldRefs = useRef<Partial<Record<RequestFormField, HTMLElement | null>>>({});
  /** True while the schema loads for a submission, so a second click does not check twice. */
  const checking = useRef(false);
  const done = Boolean(state.saved);

  // The server's answer replaces what the browser last said about the fields.
  const [answered, setAnswered] = useState(state);
  if (answered !== state) {
    setAnswered(state);
    setErrors(state.fieldErrors);
    setSummary(state.message);
  }

  useEffect(() => {
    const saved = state.saved;
    if (!saved) return;
    let timer: number | undefined;
    let cancelled = false;
    const change = (key: string, update: Partial<PickedPhoto>) =>
      setPhotos((current) => current.map((photo) => (photo.key === key ? { ...photo, ...update } : photo)));
    void (async () => {
      const failure = await uploadPickedPhotos(saved.id, photosRef.current, change);
      await rememberSavedRequest(queryClient, user.email, saved);
      if (cancelled) return;
      if (failure) return setNotAllSent(failure);
      // Long enough to read the success message before the next step replaces the form.
      timer = window.setTimeout(() => router.push(localizeHref(locale, `/inputs/criteria/${saved.id}`)), SUCCESS_PAUSE_MS);
    })();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [state.saved, queryClient, router, user.email, locale]);

  function update(name: RequestFormField, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  /** The rule of the product: an earlier date than today becomes today. */
  function clampDate(): string {
    const now = todayInAmsterdam();
    setToday(now);
    if (values.date && values.date < now) {
      setValues((current) => ({ ...current, date: now }));
      setDateNote(t("pastDateNote"));
      return now;
    }
    return values.date;
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || done || checking.current) return;
    const form = event.currentTarget;
    const checked = { ...values, date: clampDate() };
    checking.current = true;
    let schema: Awaited<ReturnType<typeof loadSchema>>;
    try {
      schema = await loadSchema();
    } catch {
      // The script could not be fetched: the server checks the form anyway.
      checking.current = false;
      const data = new FormData(form);
      data.set("date", checked.date);
      data.delete(PHOTOS_FIELD);
      submit(data);
      return;
    }
    checking.current = false;
    const parsed = schema.safeParse(checked);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error.issues);
      setErrors(found);
      setSummary(fixFieldsMessage(found));
      const first = REQUEST_FORM_FIELDS.find((name) => found[name]);
      if (first) fieldRefs.current[first]?.focus();
      return;
    }
    setErrors({});
    setSummary(null);
    const data = new FormData(form);
    data.set("date", checked.date);
    // The picked photos are sent one by one, with progress, once the request is stored.
    data.delete(PHOTOS_FIELD);
    submit(data);
  }

  const detailsLeft = MAX_DETAILS_LENGTH - values.details.length;
  // The schema's messages are English; the form shows them in the page's language.
  const shownErrors = validation.fieldErrors(errors);
  const shownSummary = validation.message(summary);
  const control = (name: RequestFormField) => ({
    name,
    ref: (element: HTMLElement | null) => {
      fieldRefs.current[name] = element;
    },
    className: controlClassName,
    value: values[name],
    disabled: done,
  });

  return (
    <form className={styles.form} action={formAction} onSubmit={onSubmit} noValidate aria-describedby="request-form-required">
      <input type="hidden" name="request_id" value={state.requestId} />
      <p id="request-form-required" className={styles.hint}>
        {t.rich("required", {
          star: (chunks) => <span aria-hidden="true">{chunks}</span>,
          hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
        })}
      </p>

      {shownSummary ? <Alert tone="error">{shownSummary}</Alert> : null}

      <Field id="task_type" label={<>{t("taskType")} <Required /></>} error={shownErrors.task_type}>
        {(aria) => (
          <select {...aria} {...control("task_type")} onChange={(e) => update("task_type", e.target.value)} required>
            <option value="">{t("chooseTaskType")}</option>
            {TASK_TYPES.map((task) => (
              <option key={task} value={task}>
                {taskTypeLabel(task, locale)}
              </option>
            ))}
          </select>
        )}
      </Field>

      <Field id="city" label={<>{t("city")} <Required /></>} error={shownErrors.city}>
        {(aria) => (
          <select {...aria} {...control("city")} onChange={(e) => update("city", e.target.value)} required>
            <option value="">{t("chooseCity")}</option>
            {CITIES.map((city) => (
              <option key={city} value={city}>
                {cityLabel(city, locale)}
              </option>
            ))}
          </select>
        )}
      </Field>

      <Field id="date" label={<>{t("date")} <Required /></>} hint={t("dateHint")} error={shownErrors.date} note={dateNote}>
        {(aria) => (
          <input
            {...aria}
            {...control("date")}
            type="date"
            min={today}
            max={latestRequestDate(today)}
            onFocus={() => setToday(todayInAmsterdam())}
            onChange={(e) => {
              setDateNote(null);
              update("date", e.target.value);
            }}
            onBlur={clampDate}
            required
          />
        )}
      </Field>

      <Field
        id="home_older_than_two_years"
        label={<>{t("homeAge")} <Required /></>}
        hint={t("homeAgeHint")}
        error={shownErrors.home_older_than_two_years}
      >
        {(aria) => (
          <select {...aria} {...control("home_older_than_two_years")} onChange={(e) => update("home_older_than_two_years", e.target.value)} required>
            <option value="">{t("chooseHomeAge")}</option>
            <option value="yes">{t("homeAgeYes")}</option>
            <option value="no">{t("homeAgeNo")}</option>
          </select>
        )}
      </Field>

      <Field
        id="details"
        label={t("details")}
        hint={t("detailsHint", { max: MAX_DETAILS_LENGTH })}
        error={shownErrors.details}
      >
        {(aria) => (
          <>
            <textarea
              {...aria}
              {...control("details")}
              className={`${controlClassName} ${styles.textarea}`}
              rows={5}
              maxLength={MAX_DETAILS_LENGTH}
              onChange={(e) => update("details", e.target.value)}
            />
            <p className={styles.counter} aria-hidden="true">
              {t("charactersLeft", { count: detailsLeft })}
            </p>
          </>
        )}
      </Field>

      <Field
        id="photo"
        label={t("photo")}
        hint={t("photoHint", { count: MAX_PHOTOS_PER_REQUEST, mb: MAX_PHOTO_BYTES / 1024 / 1024 })}
        error={shownErrors[PHOTOS_FIELD] ?? photoProblem ?? undefined}
      >
        {(aria) => (
          <PhotoPicker
            id={aria.id}
            describedBy={aria["aria-describedby"]}
            invalid={aria["aria-invalid"]}
            photos={photos}
            onChange={setPhotos}
            onProblem={setPhotoProblem}
            disabled={done || pending}
          />
        )}
      </Field>

      {notAllSent && state.saved ? (
        <Alert tone="error">
          {t("photosNotAllSent", { reason: notAllSent })}{" "}
          <a href={localizeHref(locale, `/inputs/criteria/${state.saved.id}`)}>{t("continue")}</a>
        </Alert>
      ) : null}

      <div className={styles.actions}>
        <Button type="submit" size="lg" disabled={pending || done}>
          {pending ? t("pending") : t("submit")}
        </Button>
        <p className={styles.success} role="status">
          {done ? t("success") : ""}
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
