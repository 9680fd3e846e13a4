// Every id the code keeps (task types, cities, criteria, request states, account states, notices) has its
// words in every language's `catalogue` namespace, so adding an id without its words fails here, never
// on a page or in a mail.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/i18n/locales";
import { CITIES, CRITERIA, TASK_TYPES } from "@/lib/requests/catalogue";
import { REQUEST_STATES } from "@/lib/requests/lifecycle";
import { ACCOUNT_STATES } from "@/lib/ops/handymen";
import { NOTICE_KEYS } from "@/lib/notices";

type Tree = { [key: string]: string | Tree };

const catalogue = (locale: string): Tree =>
  JSON.parse(readFileSync(path.join(__dirname, "../../messages", locale, "catalogue.json"), "utf8")) as Tree;

/** The word at "a.b.c", or undefined. */
function wordAt(tree: Tree, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), tree);
}

const TASK_WORDS = ["label", "work", "job", "short", "trade.one", "trade.many", "typicalJob"];

const required = [
  ...TASK_TYPES.flatMap((task) => TASK_WORDS.map((word) => `taskTypes.${task}.${word}`)),
  ...CITIES.map((city) => `cities.${city}`),
  ...CRITERIA.map((criterion) => `criteria.${criterion}`),
  ...REQUEST_STATES.map((state) => `states.${state}`),
  ...REQUEST_STATES.map((state) => `consoleStates.${state}`),
  ...ACCOUNT_STATES.map((state) => `accountStates.${state}`),
  ...NOTICE_KEYS.map((key) => `notices.${key}`),
];

describe.each(LOCALES)("the %s catalogue", (locale) => {
  const words = catalogue(locale);

  it.each(required)("has a word for %s", (key) => {
    const word = wordAt(words, key);
    expect(typeof word, `messages/${locale}/catalogue.json lacks ${key}`).toBe("string");
    expect((word as string).trim()).not.toBe("");
  });

  it("holds no word for an id the code does not have", () => {
    const known = new Set(required);
    const leaves = (tree: Tree, prefix = ""): string[] =>
      Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`)));
    expect(leaves(words).filter((key) => !known.has(key))).toEqual([]);
  });
});

describe("the mails' words", async () => {
  const { jobName } = await import("@/lib/requests/notices");
  const { getTranslator } = await import("@/lib/i18n/translator");

  it.each(LOCALES)("name every task type's job in every city with the catalogue's words (%s), never a stand-in", (locale) => {
    const words = catalogue(locale);
    for (const taskType of TASK_TYPES) {
      for (const city of CITIES) {
        expect(jobName({ taskType, city }, locale)).toBe(`${wordAt(words, `taskTypes.${taskType}.job`)} in ${wordAt(words, `cities.${city}`)}`);
      }
    }
  });

  it("fail, rather than fall back, when a message is missing from a catalogue", () => {
    expect(() => getTranslator("nl", "mail")("offered.noSuchMessage")).toThrow();
  });
});
