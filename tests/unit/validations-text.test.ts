// Free text refuses what PostgreSQL or a reader would trip over, and keeps what people type.
import { describe, expect, it } from "vitest";
import { freeTextSchema, isPrintableText, UNSAFE_TEXT_MESSAGE } from "../../lib/validations/text";

const schema = freeTextSchema({ max: 20, typeMessage: "Write text.", maxMessage: "Too long." });

describe("free text", () => {
  it.each([
    ["a NUL", "leak\u0000ing"],
    ["a bell", "ring\u0007"],
    ["an escape sequence", "\u001b[31mred"],
    ["a DEL", "x\u007f"],
    ["a C1 control", "x\u0085y"],
    ["a lone high surrogate", "pipe \ud83d"],
    ["a lone low surrogate", "\ude00 pipe"],
  ])("refuses %s with a clear message", (_, value) => {
    expect(isPrintableText(value)).toBe(false);
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it("keeps newlines, tabs, accents and emoji, and turns CRLF into LF", () => {
    expect(schema.parse(" Kraan\r\nlekt\tnog 🚰 ")).toBe("Kraan\nlekt\tnog 🚰");
    expect(schema.parse("a\rb")).toBe("a\nb");
  });

  it("still applies the length limit and the type message", () => {
    expect(schema.safeParse("x".repeat(21)).error?.issues[0].message).toBe("Too long.");
    expect(schema.safeParse(42).error?.issues[0].message).toBe("Write text.");
  });
});
