// Facts about the company that several pages repeat: name, founding year, cities and how to reach us.
// The words pages show around them are in the message catalogues (messages/<locale>/…); the cities'
// names in each language are in the `catalogue` namespace (lib/requests/words.ts).
import { CITIES } from "../requests/catalogue";

export const company = {
  name: "Fixwell",
  foundedYear: 2023,
  cities: CITIES,
} as const;

export type SupportContact = {
  /** A placeholder number: Dutch subscriber numbers never start with 0, so this one cannot reach anybody. */
  phone: string;
  /** The same number in the form a `tel:` link needs. */
  phoneHref: string;
  email: string;
};

export const supportContact: SupportContact = {
  phone: "+31 20 000 0000",
  phoneHref: "tel:+31200000000",
  email: "support@fixwell.example",
};
