"use server";
// The server actions behind /pro/profile: the profile's fields, adding days off and removing them. The
// handyman is the session's (lib/forms/action.ts's userAction; ./profile-edit.ts finds their profile and
// gives anyone else the 404 of a page that does not exist); an id in the form never chooses whose
// profile changes. A refusal answers beside its fields with what was typed; a change that went through
// leads to the page again with its notice (a redirect without JavaScript, so a reload does not post twice).
import { userAction } from "../forms/action";
import { localizedPath } from "../i18n/paths";
import { withNotice } from "../notices";
import { textOf } from "../validations/form-data";
import { addOwnDayOff, removeOwnDayOff, saveOwnProfile } from "./profile-edit";
import type { DayOffFormState, ProfileFormState, ProfileValues } from "./profile-state";

const PROFILE_PATH = "/pro/profile";

/** The text values of a field posted several times (tick boxes). */
const allOf = (form: FormData, name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");

function profileValuesOf(form: FormData): ProfileValues {
  return {
    taskTypes: allOf(form, "task_types"),
    cities: allOf(form, "cities"),
    hourlyPrice: textOf(form, "hourly_price"),
    intro: textOf(form, "intro"),
    weekdays: allOf(form, "weekdays"),
    dailyCapacity: textOf(form, "daily_capacity"),
  };
}

const saveProfile = userAction.action<ProfileFormState>(
  { name: "saving a handyman's profile", area: "pro", keep: (form) => ({ fieldErrors: {}, message: null, values: profileValuesOf(form) }) },
  async ({ user, kept, locale, moveOn }) => {
    await saveOwnProfile(user, kept.values!);
    return moveOn(withNotice(localizedPath(locale, PROFILE_PATH), "profile-saved"));
  },
);

export async function saveProfileAction(previous: ProfileFormState, form: FormData): Promise<ProfileFormState> {
  return saveProfile(previous, form);
}

const addDayOff = userAction.action<DayOffFormState>(
  {
    name: "adding a handyman's days off",
    area: "pro",
    keep: (form) => ({ fieldErrors: {}, message: null, startsOn: textOf(form, "starts_on"), endsOn: textOf(form, "ends_on") }),
  },
  async ({ user, kept, locale, moveOn }) => {
    await addOwnDayOff(user, { startsOn: kept.startsOn ?? "", endsOn: kept.endsOn ?? "" });
    return moveOn(withNotice(localizedPath(locale, PROFILE_PATH), "day-off-added"));
  },
);

export async function addDayOffAction(previous: DayOffFormState, form: FormData): Promise<DayOffFormState> {
  return addDayOff(previous, form);
}

const removeDayOff = userAction.action<DayOffFormState>({ name: "removing a handyman's days off", area: "pro" }, async ({ user, form, locale, moveOn }) => {
  await removeOwnDayOff(user, textOf(form, "day_off_id"));
  return moveOn(withNotice(localizedPath(locale, PROFILE_PATH), "day-off-removed"));
});

export async function removeDayOffAction(previous: DayOffFormState, form: FormData): Promise<DayOffFormState> {
  return removeDayOff(previous, form);
}
