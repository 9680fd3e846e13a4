// What working at Fixwell offers, on /benefits. The figures match the job openings' benefit lists.

export type Benefit = {
  id: string;
  title: string;
  description: string;
};

export const benefitsIntro = [
  "We are a small company, so we cannot match every perk of a big one. What we can do is be clear, fair and generous where it matters: time off, money you can count on and room to learn.",
  "Every benefit below applies to everyone on a permanent or fixed-term contract from their first day, whether they work in the office, from home or in the field.",
];

export const benefits: Benefit[] = [
  {
    id: "fair-pay",
    title: "Published salary bands",
    description: "Every role has a salary band that we share before the first interview, plus 8% holiday allowance paid in May.",
  },
  {
    id: "time-off",
    title: "27 vacation days",
    description: "Twenty-seven days off a year on a full-time contract, and your birthday off on top.",
  },
  {
    id: "pension",
    title: "A generous pension",
    description: "We pay two-thirds of the pension premium, so more of your salary stays yours.",
  },
  {
    id: "learning",
    title: "€1,000 learning budget",
    description: "Spend it each year on courses, books, conferences or trade certificates, without asking permission.",
  },
  {
    id: "travel",
    title: "Travel your way",
    description: "Choose an NS Business Card for the train or a lease bike for the city. Both are free to use privately.",
  },
  {
    id: "flexible",
    title: "Flexible hours",
    description: "Plan your week with your team. Office roles can work from home up to three days a week; remote roles get €750 for a home office.",
  },
  {
    id: "family",
    title: "Time for family",
    description: "Six weeks of fully paid leave for partners after a birth or adoption, on top of what Dutch law provides.",
  },
  {
    id: "free-repair",
    title: "A repair on us",
    description: "One Fixwell job a year in your own home at no cost, so you know exactly what our customers experience.",
  },
];
