// What the forms of /pro/profile and their server actions (./profile-actions.ts) share: the answer,
// which keeps what was typed so a refusal shows it again beside its message, with or without JavaScript.
import type { FormState } from "../forms/state";

/** The profile form's fields as posted (text; several values for the sets). */
export type ProfileValues = {
  taskTypes: string[];
  cities: string[];
  hourlyPrice: string;
  intro: string;
  weekdays: string[];
  dailyCapacity: string;
};

/** `values` is absent until the form was posted: the form shows the stored profile. */
export type ProfileFormState = FormState & { values?: ProfileValues };
export const IDLE_PROFILE_FORM: ProfileFormState = { fieldErrors: {}, message: null };

export type DayOffFormState = FormState & { startsOn?: string; endsOn?: string };
export const IDLE_DAY_OFF_FORM: DayOffFormState = { fieldErrors: {}, message: null };
