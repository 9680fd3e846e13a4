// The four trades on the home page: a card for each, and the row of pictures beneath them.

export type ServiceId = "painting" | "electrician" | "plumbing" | "cleaning";

export type Picture = {
  src: string;
  alt: string;
  width: number;
  height: number;
};

export type Service = {
  id: ServiceId;
  name: string;
  description: string;
  picture: Picture;
};

export const services: Service[] = [
  {
    id: "painting",
    name: "Painting",
    description:
      "Walls, ceilings, window frames and doors, inside or out. Our painters cover the floor, fill the cracks first and leave the room ready to use.",
    picture: {
      src: "/illustrations/painting.svg",
      alt: "A paint roller beside a wall that is half painted green",
      width: 320,
      height: 240,
    },
  },
  {
    id: "electrician",
    name: "Electrician",
    description:
      "New outlets and switches, lights hung straight, and the reason a group keeps tripping found and fixed. All work follows NEN 1010, the Dutch standard for safe installations.",
    picture: {
      src: "/illustrations/electrician.svg",
      alt: "A plug next to a wall outlet, with a screwdriver below",
      width: 320,
      height: 240,
    },
  },
  {
    id: "plumbing",
    name: "Plumbing",
    description:
      "Leaking pipes, dripping taps, blocked drains and toilets that keep running, fixed by plumbers who carry the common parts in the van.",
    picture: {
      src: "/illustrations/plumbing.svg",
      alt: "A wrench next to a dripping pipe joint and a bucket",
      width: 320,
      height: 240,
    },
  },
  {
    id: "cleaning",
    name: "Cleaning",
    description:
      "A thorough clean after the work is done, before you move in or when you move out, with products that are gentle on wooden floors.",
    picture: {
      src: "/illustrations/cleaning.svg",
      alt: "A spray bottle and a sponge surrounded by soap bubbles",
      width: 320,
      height: 240,
    },
  },
];

export type TrustBadge = { id: "founded" | "award" | "innovation"; title: string; detail: string };

export const trustBadges: TrustBadge[] = [
  { id: "founded", title: "Founded in 2023", detail: "Serving homeowners in three Dutch cities" },
  { id: "award", title: "Start-up of the Year", detail: "Recognised in our first full year" },
  { id: "innovation", title: "Powered by Innovation", detail: "Smart matching and prices shown up front" },
];

export const hero = {
  eyebrow: "Handymen in Amsterdam, The Hague and Rotterdam",
  headline: "Home repairs done right, at a fair price",
  subline:
    "Homeowners are often quoted around 300 euros just to clear a clogged sink. With Fixwell you see an honest hourly rate first and book a vetted local handyman in a few minutes.",
  note: "Free to request. Hourly prices in euros, shown before you choose.",
} as const;
