// The README stays short enough to read in five minutes, every page it sends the reader to exists, and
// the transitions table of docs/request-life.md says exactly what lib/requests/lifecycle.ts allows.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TRANSITIONS } from "@/lib/requests/lifecycle";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type DocRow = { from: string[]; to: string; by: string[] };

/** The rows of the table whose first column is a step's name in backticks: `| \`offer\` | from | to | by | … |`. */
function transitionRows(markdown: string): Map<string, DocRow> {
  const rows = new Map<string, DocRow>();
  for (const line of markdown.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const step = /^`([a-z_]+)`$/.exec(cells[1] ?? "")?.[1];
    if (!step || cells.length < 6) continue;
    expect(rows.has(step), `${step} appears once in the table`).toBe(false);
    const list = (cell: string) => cell.split(",").map((part) => part.trim()).filter(Boolean).sort();
    rows.set(step, { from: list(cells[2]!), to: cells[3] === "(unchanged)" ? "unchanged" : cells[3]!, by: list(cells[4]!) });
  }
  return rows;
}

describe("the README and docs/", () => {
  it("keeps the README at 300 lines or fewer", () => {
    expect(read("README.md").split("\n").length).toBeLessThanOrEqual(300);
  });

  it("links only to pages of docs/ that exist", () => {
    const links = [...read("README.md").matchAll(/\]\((docs\/[^)#]+)\)/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(existsSync(path.join(root, link)), link).toBe(true);
  });
});

describe("the transitions table of docs/request-life.md", () => {
  const documented = transitionRows(read("docs/request-life.md"));

  it("lists every step of lifecycle.ts and no other, in the table's order", () => {
    expect([...documented.keys()]).toEqual(Object.keys(TRANSITIONS));
  });

  it.each(Object.entries(TRANSITIONS))("gives %s the from, to and by of lifecycle.ts", (step, transition) => {
    expect(documented.get(step)).toEqual({
      from: [...transition.from].sort(),
      to: transition.to,
      by: [...transition.by].sort(),
    });
  });
});
