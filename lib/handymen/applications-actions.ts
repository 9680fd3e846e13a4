"use server";
// The server actions of joining: the application form on /join (a plain form post without JavaScript,
// as sign-up), and the console's approve, reject and "show the whole IBAN" on /ops/applications/{id}
// (the operator from the session; anyone else gets the console's 404). The state handed back to the
// application form keeps what was typed, never the password.
import { ApiError, apiMessage } from "../api/errors";
import { getCurrentUser } from "../auth/current-user";
import { startSession } from "../auth/sessions";
import { consoleChange, formAction, operatorAction, requestIp } from "../forms/action";
import type { FormState } from "../forms/state";
import { localizedPath } from "../i18n/paths";
import { withNotice } from "../notices";
import type { StepFormState } from "../requests/step-form";
import { textOf } from "../validations/form-data";
import { APPLICATION_FIELDS, applicationInputOf } from "./applications-schema";
import { applyAgain, applyWithNewAccount, approveApplication, rejectApplication, revealIban } from "./applications";

/** What the application form keeps of a post: every typed value but the password. */
export type ApplicationFormState = FormState & {
  values: Partial<Record<string, string | string[]>>;
  /** The address is in use: the form offers the way to sign in. */
  signInLink?: boolean;
};

function keptValues(form: FormData): ApplicationFormState {
  const values: ApplicationFormState["values"] = {};
  for (const name of Object.values(APPLICATION_FIELDS)) {
    if (name === APPLICATION_FIELDS.password) continue;
    const all = form.getAll(name).filter((value): value is string => typeof value === "string").map((value) => value.slice(0, 2000));
    if (name === APPLICATION_FIELDS.taskTypes || name === APPLICATION_FIELDS.cities) values[name] = all.slice(0, 10);
    else values[name] = all[0] ?? "";
  }
  return { values, fieldErrors: {}, message: null };
}

/** Where an applicant follows their application. */
const PRO_PATH = "/pro";

const apply = formAction.action<ApplicationFormState>(
  {
    name: "an application to join",
    area: "join",
    keep: keptValues,
    failure: ({ locale }) => apiMessage(locale, { key: "internalError" }),
  },
  async ({ form, locale, kept, moveOn }) => {
    const signedIn = await getCurrentUser();
    if (signedIn) {
      await applyAgain(signedIn, applicationInputOf(form, false));
      return moveOn(withNotice(localizedPath(locale, PRO_PATH), "application-sent"));
    }
    try {
      const { user } = await applyWithNewAccount(applicationInputOf(form, true), { ip: await requestIp(), locale });
      await startSession(user, false);
    } catch (error) {
      if (error instanceof ApiError && error.code === "conflict" && error.text?.key === "emailTaken") {
        return { ...kept, message: error.messageIn(locale), fieldErrors: { email: error.messageIn(locale) }, signInLink: true };
      }
      throw error;
    }
    return moveOn(withNotice(localizedPath(locale, PRO_PATH), "application-sent"));
  },
);

/** The application form on /join. */
export async function applyAction(previous: ApplicationFormState, form: FormData): Promise<ApplicationFormState> {
  return apply(previous, form);
}

const detailOf = (form: FormData) => `/ops/applications/${encodeURIComponent(textOf(form, "application_id").slice(0, 64))}`;

export async function approveApplicationAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return consoleChange(form, "application-approved", detailOf(form), (operator) => approveApplication(operator, textOf(form, "application_id")));
}

export async function rejectApplicationAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return consoleChange(form, "application-rejected", detailOf(form), (operator) => rejectApplication(operator, textOf(form, "application_id"), textOf(form, "reason")));
}

/** What "Show the whole IBAN" hands back to its form: the number once asked for. */
export type ShownIbanState = FormState & { iban?: string };

const showIban = operatorAction.action<ShownIbanState>({ name: "showing an applicant's IBAN", area: "ops" }, async ({ operator, form, kept }) => ({
  ...kept,
  iban: await revealIban(operator, textOf(form, "application_id")),
}));

/** A POST, so a link or a prefetch never reveals (nor logs) the number. */
export async function showIbanAction(previous: ShownIbanState, form: FormData): Promise<ShownIbanState> {
  return showIban(previous, form);
}
