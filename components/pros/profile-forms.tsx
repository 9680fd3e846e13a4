"use client";
// The forms of /pro/profile: the profile's fields, adding days off and removing them. Each posts to
// its server action (lib/handymen/profile-actions.ts) and works without JavaScript; a refusal shows its
// messages beside the fields with what was typed, a change that went through opens the page again,
// fresh, with its notice. The words come from the page (the `pro` catalogue), already in its language.
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, controlClassName } from "@/components/ui/field";
import { useFormAction } from "@/components/ui/use-form-action";
import { addDayOffAction, removeDayOffAction, saveProfileAction } from "@/lib/handymen/profile-actions";
import { IDLE_DAY_OFF_FORM, IDLE_PROFILE_FORM, type ProfileValues } from "@/lib/handymen/profile-state";
import type { FormState } from "@/lib/forms/state";
import styles from "./pros.module.css";

type Option = { value: string; label: string };

/** Posts `action` in place with JavaScript (as a plain form without), follows `next` once it went through. */
function useProfileForm<S extends FormState>(action: (previous: S, form: FormData) => Promise<S>, initial: S, unreachable: string) {
  const router = useRouter();
  const form = useFormAction(action, initial, (state) => ({ ...state, message: unreachable, fieldErrors: {} }));
  const { next } = form.state;
  useEffect(() => {
    if (!next) return;
    router.replace(next, { scroll: false });
    router.refresh();
  }, [next, router]);
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.pending || next) return;
    form.submit(new FormData(event.currentTarget));
  }
  return { ...form, onSubmit, busy: form.pending || Boolean(next) };
}

function FormMessage({ message }: { message: string | null }) {
  return message ? (
    <Alert tone="error">
      <p>{message}</p>
    </Alert>
  ) : null;
}

/** Tick boxes for several values of one field, in a fieldset named by `legend`. */
function Choices({ id, name, legend, options, chosen, error }: { id: string; name: string; legend: string; options: Option[]; chosen: string[]; error?: string }) {
  const errorId = `${id}-error`;
  return (
    <fieldset className={styles.choices} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input type="checkbox" name={name} value={option.value} defaultChecked={chosen.includes(option.value)} />
          {option.label}
        </label>
      ))}
      {error ? (
        <p id={errorId} className={styles.choiceError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export type ProfileFormText = {
  label: string;
  trades: string;
  cities: string;
  hourlyPrice: string;
  hourlyPriceHint: string;
  intro: string;
  introHint: string;
  weekdays: string;
  dailyCapacity: string;
  dailyCapacityHint: string;
  save: string;
  unreachable: string;
};

export function ProfileForm({
  stored,
  options,
  text,
  introMax,
}: {
  stored: ProfileValues;
  options: { trades: Option[]; cities: Option[]; weekdays: Option[] };
  text: ProfileFormText;
  introMax: number;
}) {
  const { state, formAction, onSubmit, busy } = useProfileForm(saveProfileAction, IDLE_PROFILE_FORM, text.unreachable);
  const values = state.values ?? stored;
  const errors = state.fieldErrors;
  // A refused post is shown again as typed: the key makes the uncontrolled fields start from it.
  const key = JSON.stringify(values);
  return (
    <form action={formAction} onSubmit={onSubmit} aria-label={text.label} className={styles.form} noValidate key={key}>
      <Choices id="profile-trades" name="task_types" legend={text.trades} options={options.trades} chosen={values.taskTypes} error={errors.task_types} />
      <Choices id="profile-cities" name="cities" legend={text.cities} options={options.cities} chosen={values.cities} error={errors.cities} />
      <Field id="profile-price" label={text.hourlyPrice} hint={text.hourlyPriceHint} error={errors.hourly_price}>
        {(control) => <input {...control} name="hourly_price" inputMode="decimal" defaultValue={values.hourlyPrice} className={controlClassName} />}
      </Field>
      <Field id="profile-intro" label={text.intro} hint={text.introHint} error={errors.intro}>
        {(control) => <textarea {...control} name="intro" rows={5} maxLength={introMax} defaultValue={values.intro} className={controlClassName} />}
      </Field>
      <Choices id="profile-weekdays" name="weekdays" legend={text.weekdays} options={options.weekdays} chosen={values.weekdays} error={errors.weekdays} />
      <Field id="profile-capacity" label={text.dailyCapacity} hint={text.dailyCapacityHint} error={errors.daily_capacity}>
        {(control) => <input {...control} name="daily_capacity" type="number" min={1} max={10} step={1} defaultValue={values.dailyCapacity} className={controlClassName} />}
      </Field>
      <FormMessage message={state.message} />
      <div>
        <Button type="submit" disabled={busy}>
          {text.save}
        </Button>
      </div>
    </form>
  );
}

export type DayOffText = { label: string; startsOn: string; endsOn: string; add: string; unreachable: string; min: string; max: string };

export function AddDayOffForm({ text }: { text: DayOffText }) {
  const { state, formAction, onSubmit, busy } = useProfileForm(addDayOffAction, IDLE_DAY_OFF_FORM, text.unreachable);
  const errors = state.fieldErrors;
  return (
    <form action={formAction} onSubmit={onSubmit} aria-label={text.label} className={styles.form} noValidate key={`${state.startsOn}|${state.endsOn}`}>
      <div className={styles.dates}>
        <Field id="day-off-start" label={text.startsOn} error={errors.starts_on}>
          {(control) => <input {...control} name="starts_on" type="date" min={text.min} max={text.max} defaultValue={state.startsOn ?? ""} className={controlClassName} />}
        </Field>
        <Field id="day-off-end" label={text.endsOn} error={errors.ends_on}>
          {(control) => <input {...control} name="ends_on" type="date" min={text.min} max={text.max} defaultValue={state.endsOn ?? ""} className={controlClassName} />}
        </Field>
      </div>
      <FormMessage message={state.message} />
      <div>
        <Button type="submit" variant="secondary" disabled={busy}>
          {text.add}
        </Button>
      </div>
    </form>
  );
}

export function RemoveDayOffForm({ id, range, text }: { id: string; range: string; text: { label: string; remove: string; unreachable: string } }) {
  const { state, formAction, onSubmit, busy } = useProfileForm(removeDayOffAction, IDLE_DAY_OFF_FORM, text.unreachable);
  return (
    <form action={formAction} onSubmit={onSubmit} aria-label={text.label} className={styles.dayOff}>
      <input type="hidden" name="day_off_id" value={id} />
      <span>{range}</span>
      <Button type="submit" variant="ghost" size="sm" disabled={busy} aria-label={text.label}>
        {text.remove}
      </Button>
      <FormMessage message={state.message} />
    </form>
  );
}
