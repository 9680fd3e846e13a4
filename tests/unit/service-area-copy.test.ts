// The cities Fixwell works in are data (lib/requests/catalogue.ts). The copy must not promise a city the
// data does not know, and must not write the list of cities out by hand: a hand-written list would stay
// behind when a city is added, so the copy builds it with cityList().
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CITIES } from "@/lib/requests/catalogue";
import { cityList } from "@/lib/requests/words";

/** Where copy lives: the pages and their metadata, the components, the copy modules and message catalogues. */
const COPY_ROOTS = ["app", "components", "lib/content", "messages"];

/** Cities and larger towns of the Netherlands a piece of copy might name. */
const DUTCH_CITIES = [
  "Amsterdam", "Rotterdam", "The Hague", "Den Haag", "Utrecht", "Eindhoven", "Groningen", "Tilburg", "Almere",
  "Breda", "Nijmegen", "Apeldoorn", "Haarlem", "Arnhem", "Enschede", "Amersfoort", "Zaanstad", "Haarlemmermeer",
  "'s-Hertogenbosch", "Den Bosch", "Zwolle", "Zoetermeer", "Leiden", "Maastricht", "Dordrecht", "Delft", "Alkmaar",
  "Leeuwarden", "Hilversum", "Gouda", "Deventer", "Venlo", "Schiedam", "Rijswijk", "Amstelveen", "Purmerend",
];
/** Other names of a catalogue city. */
const ALIASES: Record<string, string> = { "Den Haag": "The Hague" };

/** Places named on purpose without claiming that Fixwell works there. */
const ALLOWED = [
  // The spec's fourth testimonial comes from a customer in Haarlem: where the customer lives, not a service area.
  { file: "lib/content/testimonials.ts", city: "Haarlem" },
];

function copyFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return; // a root that does not exist yet (the message catalogues)
    }
    for (const entry of entries) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(tsx?|json)$/.test(entry)) files.push(full.split(path.sep).join("/"));
    }
  };
  for (const root of COPY_ROOTS) walk(root);
  return files;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\']/g, "\\$&");

/** The Dutch cities a text names that the catalogue does not know. */
function unknownCities(text: string): string[] {
  const known = new Set<string>(CITIES);
  return DUTCH_CITIES.filter(
    (city) => !known.has(city) && !known.has(ALIASES[city] ?? "") && new RegExp(`(?<![\\w-])${escape(city)}(?![\\w])`).test(text),
  );
}

const CITY_PATTERN = CITIES.map(escape).join("|");
const HAND_WRITTEN_LIST = new RegExp(`(?:${CITY_PATTERN})(?:\\s*(?:,|\\band\\b|\\bor\\b|&)\\s*(?:${CITY_PATTERN}))+`, "g");

/** Lists of catalogue cities written out in a text ("Amsterdam, The Hague and Rotterdam"). */
function handWrittenCityLists(text: string): string[] {
  return [...text.matchAll(HAND_WRITTEN_LIST)].map((match) => match[0]);
}

describe("the detectors", () => {
  it("notice a city the catalogue does not know, and not one it knows", () => {
    expect(unknownCities("Now also in Utrecht and Den Haag!")).toEqual(["Utrecht"]);
    expect(unknownCities("A kitchen table in Amsterdam-Oost")).toEqual([]);
  });

  it("notice a hand-written list of the cities", () => {
    expect(handWrittenCityLists('"Handymen in Amsterdam, The Hague and Rotterdam"')).toEqual(["Amsterdam, The Hague and Rotterdam"]);
    expect(handWrittenCityLists("Amsterdam or Rotterdam")).toEqual(["Amsterdam or Rotterdam"]);
    expect(handWrittenCityLists("An office in Rotterdam, and team days in Amsterdam")).toEqual([]);
  });
});

describe("copy and the service area", () => {
  const files = copyFiles();

  it("finds the copy it is meant to check", () => {
    expect(files).toEqual(expect.arrayContaining(["app/[locale]/layout.tsx", "lib/content/pages.ts", "messages/en/home.json", "messages/nl/home.json"]));
  });

  it("names no Dutch city the catalogue does not know", () => {
    const problems: string[] = [];
    for (const file of files) {
      const allowed = new Set(ALLOWED.filter((a) => a.file === file).map((a) => a.city));
      for (const city of unknownCities(readFileSync(file, "utf8"))) {
        if (!allowed.has(city)) problems.push(`${file} names ${city}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("keeps every allowed exception in use, so the list cannot hide a new one", () => {
    for (const { file, city } of ALLOWED) expect(unknownCities(readFileSync(file, "utf8")), file).toContain(city);
  });

  it("never writes the list of cities by hand (cityList() builds it from the catalogue)", () => {
    const problems = files.flatMap((file) =>
      handWrittenCityLists(readFileSync(file, "utf8")).map((list) => `${file}: "${list}"`),
    );
    expect(problems).toEqual([]);
  });

  it("reads the cities as one phrase: commas, then a final 'and' (or 'or')", () => {
    const last = CITIES[CITIES.length - 1];
    const rest = CITIES.slice(0, -1).join(", ");
    expect(cityList()).toBe(`${rest} and ${last}`);
    expect(cityList("or")).toBe(`${rest} or ${last}`);
  });
});
