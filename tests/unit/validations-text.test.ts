// Free text refuses what PostgreSQL or a reader would trip over, and keeps what people type, in one rule
// (lib/validations/text.ts) that every free-text field of every form goes through.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanFreeText, freeTextSchema, isPrintableLine, isPrintableText, UNSAFE_TEXT_MESSAGE } from "../../lib/validations/text";

const schema = freeTextSchema({ max: 20, typeMessage: "Write text.", maxMessage: "Too long." });

describe("the free-text rule", () => {
  it.each([
    ["CRLF, as a browser posts a textarea", "Kraan lekt\r\nnog steeds", "Kraan lekt\nnog steeds"],
    ["an empty line in CRLF", "Eisen:\r\n\r\n- rijbewijs", "Eisen:\n\n- rijbewijs"],
    ["a lone CR, as old Macs wrote", "a\rb", "a\nb"],
    ["LF followed by a lone CR", "a\n\rb", "a\n\nb"],
    ["LF as it is", "a\nb", "a\nb"],
    ["tabs inside", "a\tb", "a\tb"],
    ["white space and line breaks around the text", " \r\n\t Kraan lekt \r\n\r\n", "Kraan lekt"],
    ["a no-break space around the text", "\u00a0Kraan\u00a0", "Kraan"],
    ["only white space, which is empty", " \r\n\t ", ""],
    ["accents and emoji", "Eén 🚰 kraan", "Eén 🚰 kraan"],
    ["a zero-width joiner inside an emoji sequence", "👩‍🔧 loodgieter", "👩‍🔧 loodgieter"],
    ["a zero-width non-joiner (spelling in some languages)", "a\u200cb", "a\u200cb"],
    ["a line separator (not a control character)", "a\u2028b", "a\u2028b"],
  ])("keeps %s", (_, value, stored) => {
    expect(cleanFreeText(value)).toBe(stored);
  });

  it.each([
    ["a NUL", "leak\u0000ing"],
    ["a bell", "ring\u0007"],
    ["a vertical tab", "a\u000bb"],
    ["a form feed", "a\u000cb"],
    ["an escape sequence", "\u001b[31mred"],
    ["a DEL", "x\u007f"],
    ["a C1 control (next line)", "x\u0085y"],
    ["a control character beside CRLF", "a\r\n\u0008b"],
    ["a control character at the end, where trimming would not remove it", "ab\u0000"],
    ["a lone high surrogate", "pipe \ud83d"],
    ["a lone low surrogate", "\ude00 pipe"],
  ])("refuses %s", (_, value) => {
    expect(cleanFreeText(value)).toBeNull();
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it("as a schema: keeps newlines, tabs, accents and emoji, and turns CRLF into LF", () => {
    expect(schema.parse(" Kraan\r\nlekt\tnog 🚰 ")).toBe("Kraan\nlekt\tnog 🚰");
    expect(schema.parse("a\rb")).toBe("a\nb");
    expect(isPrintableText("a\nb\tc")).toBe(true);
  });

  it("counts the length limit on the stored text: a line break is one character, however it was posted", () => {
    expect(schema.parse(`${"x".repeat(9)}\r\n${"y".repeat(10)}`)).toHaveLength(20);
    expect(schema.parse(`  ${"x".repeat(20)}  `)).toHaveLength(20);
    expect(schema.safeParse("x".repeat(21)).error?.issues[0].message).toBe("Too long.");
    expect(schema.safeParse(42).error?.issues[0].message).toBe("Write text.");
  });

  it("takes a minimum for a required field, after trimming", () => {
    const required = freeTextSchema({ max: 5, maxMessage: "Too long.", min: 1, minMessage: "Enter it." });
    expect(required.safeParse(" \r\n ").error?.issues[0].message).toBe("Enter it.");
    expect(required.parse(" a ")).toBe("a");
  });

  it("a line (a search) also refuses line breaks and tabs", () => {
    expect(isPrintableLine("Anna de Vries")).toBe(true);
    expect(isPrintableLine("Anna\nde")).toBe(false);
    expect(isPrintableLine("Anna\tde")).toBe(false);
    expect(isPrintableLine("Anna\u0000")).toBe(false);
  });
});

// The rule lives in one place: a second copy of the line-break normalisation or of a control-character
// check elsewhere is how a field came to refuse what every other field takes. Code that reads something
// other than people's free text (mail files, log lines, a mail's subject) is named here with its reason.
describe("one place for the rule", () => {
  const RULE = "lib/validations/text.ts";
  const NOT_FREE_TEXT: Record<string, string> = {
    "lib/mail/dev-mailbox.ts": "reads mail files written by the mail transport",
    "lib/mail/messages.ts": "a mail's subject, which the product writes, stays one line",
    "lib/auth/next-auth.ts": "flattens the authentication library's log lines",
    "lib/auth/liveness-cache.ts": "joins two ids with a NUL as a cache key",
  };
  const COPIES = [/\\r\\n\?/, /\\r\|\\n|\\n\|\\r/, /\\u0000-|\\x00-/, /\\u0000"\)/, /\[\\r\\n\]/];

  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (name === "generated" || name === "node_modules") return [];
      if (statSync(path).isDirectory()) return sources(path);
      return /\.(ts|tsx)$/.test(name) ? [path] : [];
    });
  }

  it("no other module normalises line breaks or checks for control characters itself", () => {
    const root = join(import.meta.dirname, "../..");
    const found = ["lib", "app", "components"]
      .flatMap((dir) => sources(join(root, dir)))
      .map((path) => relative(root, path))
      .filter((path) => path !== RULE && !(path in NOT_FREE_TEXT))
      .filter((path) => COPIES.some((pattern) => pattern.test(readFileSync(join(root, path), "utf8"))));
    expect(found).toEqual([]);
  });
});
