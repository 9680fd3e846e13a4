// Facts about the company that several pages repeat: name, founding year, cities and how to reach us.
// The words pages show around them are in the message catalogues (messages/<locale>/…).
import { formatList, type Locale } from "../format";
import { CITIES, type City } from "../requests/catalogue";

export const company = {
  name: "Fixwell",
  tagline: "Affordable, reliable home repairs",
  foundedYear: 2023,
  cities: CITIES,
} as const;

/** The cities as running text names them in each language ("Den Haag" in Dutch). */
const CITY_NAMES: Record<Locale, Partial<Record<City, string>>> = { en: {}, nl: { "The Hague": "Den Haag" } };

export function cityName(city: City, locale: Locale): string {
  return CITY_NAMES[locale][city] ?? city;
}

/** Where Fixwell works, as one phrase in `locale`, with the cities as that language names them. */
export function localCityList(locale: Locale, conjunction: "and" | "or" = "and"): string {
  return formatList(
    CITIES.map((city) => cityName(city, locale)),
    conjunction,
    locale,
  );
}

export type SupportContact = {
  /** A placeholder number: Dutch subscriber numbers never start with 0, so this one cannot reach anybody. */
  phone: string;
  /** The same number in the form a `tel:` link needs. */
  phoneHref: string;
  email: string;
  /** In English; the pages take theirs from the catalogue (pages.customerHelp.hours). */
  hours: string;
  responseTime: string;
};

export const supportContact: SupportContact = {
  phone: "+31 20 000 0000",
  phoneHref: "tel:+31200000000",
  email: "support@fixwell.example",
  hours: "Monday to Friday, 8:00 to 18:00 (Amsterdam time)",
  responseTime: "We answer emails within one working day.",
};
