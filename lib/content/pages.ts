// Copy for the company pages: our story, community and customer help.

export const ourStory = {
  paragraphs: [
    "Fixwell was founded in 2023 at a kitchen table in Amsterdam-Oost. A small leak under the sink had turned into three handymen who never showed up and a fourth who quoted more than the sink had cost. Our founders, Noor and Daan, had spent years in and around the building trade. They knew the city was full of skilled people; what homeowners lacked was an easy way to find one they could trust.",
    "Our mission is to make home repairs reliable and affordable. We check every handyman's certificates, insurance and references before they join. We show hourly prices in euros before you choose, and we match each request to someone nearby who is free on the day you need. Today we work in Amsterdam, The Hague and Rotterdam, and every job teaches us how to do the next one a little better.",
    "If you are a skilled painter, electrician, plumber or cleaner, we would like to meet you: you set your own rate, and we bring you steady work and pay you on time. And if you are a homeowner with a dripping tap or a wall that needs a fresh coat, start a request. It takes about two minutes, and we take it from there.",
  ],
} as const;

export type CommunityProgram = { id: string; title: string; description: string };

export const community = {
  lead: "Good repairs start long before anyone picks up a tool. We bring homeowners, handymen and neighbours together to share what they know.",
  intro:
    "Fixwell works with people, not just jobs. These are the ways we stay close to the homes and the trades we serve, in all three of our cities.",
  programs: [
    {
      id: "partner-evenings",
      title: "Partner evenings",
      description:
        "Every quarter our handyman partners meet in Amsterdam, The Hague and Rotterdam to swap tips, try new tools and tell us plainly what we should improve.",
    },
    {
      id: "repair-afternoons",
      title: "Neighbourhood repair afternoons",
      description:
        "Together with local repair cafés, our partners spend a Saturday afternoon a month fixing lamps, chairs and bicycles for free, and showing owners how to do it themselves next time.",
    },
    {
      id: "home-basics",
      title: "Home basics guides",
      description:
        "Short, practical guides written by our handymen: how to reset a tripped group, bleed a radiator or clear a drain without harsh chemicals, and when it is time to call a professional.",
    },
    {
      id: "apprentices",
      title: "Apprentice programme",
      description:
        "We pair students from vocational schools with experienced partners, so the next generation of painters, electricians and plumbers learns on real jobs.",
    },
  ] satisfies CommunityProgram[],
  closing:
    "Want to host a repair afternoon, write a guide or take on an apprentice? Write to community@fixwell.example and tell us what you have in mind.",
} as const;

export const customerHelp = {
  lead: "Questions about a request, a price or your account? We are happy to help.",
  card: {
    title: "Talk to our support team",
    body: "Our team in Rotterdam knows every step of a Fixwell repair, from the first request to the final check. Tell us what is going on and, if you have one, the date of your request, so we can find it straight away.",
  },
  topics: [
    {
      id: "request",
      title: "A request or a visit",
      description: "Changing the date, adding details for the handyman, or a visit that did not go as planned.",
    },
    {
      id: "prices",
      title: "Prices",
      description: "How hourly rates work and what the final bill for a job is made of.",
    },
    {
      id: "account",
      title: "Your account and data",
      description: "Signing in, changing your email address or deleting your account and requests.",
    },
  ],
} as const;
