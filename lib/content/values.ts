// The four values on /culture.

export type CompanyValue = {
  id: "innovation" | "teamwork" | "integrity" | "diversity";
  name: string;
  summary: string;
  inPractice: string;
};

export const companyValues: CompanyValue[] = [
  {
    id: "innovation",
    name: "Innovation",
    summary: "We look for the simpler way to do things, and we test our ideas with real homeowners before we trust them.",
    inPractice:
      "Every quarter each team spends a week on an improvement of its own choosing. The way customers pick between price, rating and availability came out of one of those weeks.",
  },
  {
    id: "teamwork",
    name: "Teamwork",
    summary: "Office staff and handymen are one team. A repair only goes well when planning, support and the person with the toolbox work together.",
    inPractice:
      "New colleagues spend their second week riding along with a handyman, and engineers take a support shift every month.",
  },
  {
    id: "integrity",
    name: "Integrity",
    summary: "We show prices before anyone comes round, we say so when we get something wrong, and we put it right.",
    inPractice:
      "If a job is not done properly, we send someone back at our own cost. We publish what we charge and never add fees afterwards.",
  },
  {
    id: "diversity",
    name: "Diversity",
    summary: "Our customers speak many languages and live in every kind of home. A team that reflects them serves them better.",
    inPractice:
      "We hire on skills rather than diplomas, interview with a fixed set of questions, and offer support in Dutch, English, Turkish and Arabic.",
  },
];
