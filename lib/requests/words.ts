// The catalogue's words for the ids of ./catalogue.ts and the request states, in each language, read
// from messages/<locale>/catalogue.json (the one place they are written). Synchronous and small (the two
// catalogue files, a few kB), so server code, mails and client components share it. A word missing in a
// language fails tests/unit/i18n-catalogues.test.ts; at run time it would show the English word.
import en from "../../messages/en/catalogue.json";
import nl from "../../messages/nl/catalogue.json";
import { DEFAULT_LOCALE, formatList, type Locale } from "../format";
import { CITIES, TASK_TYPES, type AccountState, type City, type Criterion, type RequestState, type TaskType } from "./catalogue";

type Words = typeof en;
type TaskWords = Words["taskTypes"][keyof Words["taskTypes"]];

const WORDS: Record<Locale, Words> = { en, nl };

type Group = "taskTypes" | "cities" | "criteria" | "states" | "consoleStates" | "accountStates";

function wordOf<T>(group: Group, id: string, locale: Locale): T {
  const pick = (language: Locale) => (WORDS[language][group] as unknown as Record<string, T | undefined>)[id];
  const word = pick(locale) ?? pick(DEFAULT_LOCALE);
  if (word === undefined) throw new Error(`messages/en/catalogue.json has no word for ${group}.${id}`);
  return word;
}

const taskWords = (task: TaskType, locale: Locale): TaskWords => wordOf<TaskWords>("taskTypes", task, locale);

/** A task type as the pages show it ("Electrician", "Elektricien"); the stored value never changes. */
export function taskTypeLabel(task: TaskType, locale: Locale = DEFAULT_LOCALE): string {
  return taskWords(task, locale).label;
}

/** A task type as a job in a sentence: "electrician job", "elektriciensklus". */
export function taskJobName(task: TaskType, locale: Locale = DEFAULT_LOCALE): string {
  return taskWords(task, locale).job;
}

/** The work of a task type in a few words: "electrician", "elektrawerk". */
export function taskWorkName(task: TaskType, locale: Locale = DEFAULT_LOCALE): string {
  return taskWords(task, locale).short;
}

/** The job a typical estimate describes: "replacing one or two outlets". */
export function typicalJobName(task: TaskType, locale: Locale = DEFAULT_LOCALE): string {
  return taskWords(task, locale).typicalJob;
}

/** What homeowners can ask for, as a phrase: "electrical work (replacing outlets), leaking pipes and painting". */
export function taskTypeList(locale: Locale = DEFAULT_LOCALE): string {
  return formatList(TASK_TYPES.map((task) => taskWords(task, locale).work), "and", locale);
}

/** The trade of a task type, one and many, in `locale` ("loodgieter", "loodgieters"). */
export function tradeNames(task: TaskType, locale: Locale = DEFAULT_LOCALE): { one: string; many: string } {
  return taskWords(task, locale).trade;
}

/** A city's name in `locale` ("Den Haag" in Dutch); the stored value ("The Hague") never changes. */
export function cityLabel(city: City, locale: Locale = DEFAULT_LOCALE): string {
  return wordOf<string>("cities", city, locale);
}

/** Where Fixwell works, as a phrase: "Amsterdam, The Hague and Rotterdam" (or "… or Rotterdam"). */
export function cityList(conjunction: "and" | "or" = "and", locale: Locale = DEFAULT_LOCALE): string {
  return formatList(CITIES.map((city) => cityLabel(city, locale)), conjunction, locale);
}

/** A ranking criterion as the pages show it, in `locale`. */
export function criterionLabel(criterion: Criterion, locale: Locale = DEFAULT_LOCALE): string {
  return wordOf<string>("criteria", criterion, locale);
}

/** A request's state as the homeowner and the handyman read it ("Waiting for the handyman"). */
export function requestStateLabel(state: RequestState, locale: Locale = DEFAULT_LOCALE): string {
  return wordOf<string>("states", state, locale);
}

/** A request's state as the operator console names it (the state's own name, in words). */
export function consoleStateLabel(state: RequestState, locale: Locale = DEFAULT_LOCALE): string {
  return wordOf<string>("consoleStates", state, locale);
}

/** Where a handyman's account stands, as the operator console names it. */
export function accountStateLabel(state: AccountState, locale: Locale = DEFAULT_LOCALE): string {
  return wordOf<string>("accountStates", state, locale);
}
