// The four trades on the home page: a card for each, and the row of pictures beneath them. Their names
// and descriptions are in the catalogue (home.services.items.<id>).

export type ServiceId = "painting" | "electrician" | "plumbing" | "cleaning";

export type Picture = { src: string; width: number; height: number };

export type Service = { id: ServiceId; picture: Picture };

export const services: Service[] = [
  { id: "painting", picture: { src: "/illustrations/painting.svg", width: 320, height: 240 } },
  { id: "electrician", picture: { src: "/illustrations/electrician.svg", width: 320, height: 240 } },
  { id: "plumbing", picture: { src: "/illustrations/plumbing.svg", width: 320, height: 240 } },
  { id: "cleaning", picture: { src: "/illustrations/cleaning.svg", width: 320, height: 240 } },
];

export type TrustBadge = { id: "founded" | "award" | "innovation" };

/** The badges under the hero; their words are in home.trust.badges.<id>. */
export const trustBadges: TrustBadge[] = [{ id: "founded" }, { id: "award" }, { id: "innovation" }];
