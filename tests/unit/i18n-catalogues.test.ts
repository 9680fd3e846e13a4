// The Dutch and English catalogues must say the same things: every key in one exists in the other,
// every message is a non-empty string, and both languages use the same placeholders.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NAMESPACES } from "../../i18n/namespaces";
import { LOCALES } from "../../i18n/locales";

type Tree = { [key: string]: string | Tree | Tree[] | string[] };

function catalogue(locale: string, namespace: string): Tree {
  return JSON.parse(readFileSync(path.join(__dirname, "../../messages", locale, `${namespace}.json`), "utf8")) as Tree;
}

/** Every leaf of a catalogue as "a.b.0.c" → message. */
function leaves(tree: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (tree !== null && typeof tree === "object") {
    for (const [key, value] of Object.entries(tree)) {
      for (const [leaf, message] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(leaf, message);
    }
  } else {
    out.set(prefix, tree);
  }
  return out;
}

/**
 * The names of a message's arguments and tags: {name}, {count, plural, …}, <tag>…</tag>. The words inside
 * plural and select branches are text, not arguments, so the message is walked as ICU nests it.
 */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  let i = 0;
  const text = (nested: boolean): void => {
    while (i < message.length) {
      const c = message[i];
      if (c === "{") {
        i++;
        argument();
      } else if (c === "}" && nested) {
        i++;
        return;
      } else if (c === "<" && /[A-Za-z]/.test(message[i + 1] ?? "")) {
        const end = message.indexOf(">", i);
        names.add(`<${message.slice(i + 1, end === -1 ? undefined : end).trim()}>`);
        i = end === -1 ? message.length : end + 1;
      } else {
        i++;
      }
    }
  };
  const readUntil = (stops: string): string => {
    const start = i;
    while (i < message.length && !stops.includes(message[i])) i++;
    return message.slice(start, i).trim();
  };
  const argument = (): void => {
    names.add(readUntil(",}"));
    if (message[i] === "}") {
      i++;
      return;
    }
    i++;
    const type = readUntil(",}");
    if (message[i] === "}") {
      i++;
      return;
    }
    i++;
    if (type === "plural" || type === "select" || type === "selectordinal") {
      while (i < message.length) {
        readUntil("{}");
        if (message[i] === "}") {
          i++;
          return;
        }
        i++;
        text(true);
      }
    } else {
      // A style ({n, number, ::currency/EUR}): skip to the argument's closing brace.
      for (let depth = 1; i < message.length && depth > 0; i++) {
        if (message[i] === "{") depth++;
        else if (message[i] === "}") depth--;
      }
    }
  };
  text(false);
  return [...names].sort();
}

describe("message catalogues", () => {
  it.each(NAMESPACES.map((namespace) => [namespace]))("%s has the same keys in every language", (namespace) => {
    const [first, ...others] = LOCALES;
    const reference = [...leaves(catalogue(first, namespace)).keys()].sort();
    for (const locale of others) {
      const keys = [...leaves(catalogue(locale, namespace)).keys()].sort();
      expect({ locale, missing: reference.filter((k) => !keys.includes(k)), extra: keys.filter((k) => !reference.includes(k)) }).toEqual({ locale, missing: [], extra: [] });
    }
  });

  it.each(NAMESPACES.flatMap((namespace) => LOCALES.map((locale) => [namespace, locale])))("every message of %s in %s is a non-empty string", (namespace, locale) => {
    const bad = [...leaves(catalogue(locale, namespace))].filter(([, message]) => typeof message !== "string" || message.trim() === "").map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it.each(NAMESPACES.map((namespace) => [namespace]))("%s uses the same placeholders in every language", (namespace) => {
    const english = leaves(catalogue("en", namespace));
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const other = leaves(catalogue(locale, namespace));
      const differing = [...english]
        .filter(([key, message]) => typeof message === "string" && typeof other.get(key) === "string")
        .filter(([key, message]) => argumentsOf(message as string).join() !== argumentsOf(other.get(key) as string).join())
        .map(([key]) => key);
      expect(differing).toEqual([]);
    }
  });

  it("has a catalogue file for every namespace and language, and no file outside the list", () => {
    for (const locale of LOCALES) {
      const files = readdirSync(path.join(__dirname, "../../messages", locale)).sort();
      expect(files).toEqual(NAMESPACES.map((namespace) => `${namespace}.json`).sort());
    }
  });

  it("fails for a catalogue that lacks a key (the check itself works)", () => {
    expect([...leaves({ a: { b: "x", c: "y" } }).keys()]).toEqual(["a.b", "a.c"]);
    expect(argumentsOf("Hello {name}, you have {count, plural, one {# job} other {# jobs}} <b>now</b>")).toEqual(["<b>", "count", "name"]);
    expect(argumentsOf("{stars} {stars, plural, one {star} other {stars}}")).toEqual(["stars"]);
    expect(argumentsOf("You are {available, select, yes {free, {who}} other {busy}} on {day, date, short}")).toEqual(["available", "day", "who"]);
    expect(argumentsOf("Plain text")).toEqual([]);
    expect(argumentsOf("{n, number, ::currency/EUR} for {who}")).toEqual(["n", "who"]);
  });
});
