// Facts about the company that several pages repeat: name, founding year, cities and how to reach us.

export const company = {
  name: "Fixwell",
  tagline: "Affordable, reliable home repairs",
  foundedYear: 2023,
  cities: ["Amsterdam", "The Hague", "Rotterdam"],
} as const;

export type SupportContact = {
  /** A placeholder number: Dutch subscriber numbers never start with 0, so this one cannot reach anybody. */
  phone: string;
  /** The same number in the form a `tel:` link needs. */
  phoneHref: string;
  email: string;
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

export const privacyContactEmail = "privacy@fixwell.example";
