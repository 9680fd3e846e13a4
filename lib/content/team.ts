// The leadership team on /team.

export type TeamMember = {
  id: string;
  name: string;
  role: string;
  image: string;
  bio: string;
};

export const team: TeamMember[] = [
  {
    id: "noor-hendriks",
    name: "Noor Hendriks",
    role: "Co-founder and Chief Executive Officer",
    image: "/team/noor-hendriks.svg",
    bio: "Ran a renovation company in Amsterdam-Oost for eight years before deciding that finding a good handyman should not depend on knowing one.",
  },
  {
    id: "daan-mulder",
    name: "Daan Mulder",
    role: "Co-founder and Chief Technology Officer",
    image: "/team/daan-mulder.svg",
    bio: "Built booking systems for Dutch hospitals and now makes sure a repair request reaches the right person in seconds.",
  },
  {
    id: "amara-osei",
    name: "Amara Osei",
    role: "Chief Operating Officer",
    image: "/team/amara-osei.svg",
    bio: "Plans thousands of visits a year across three cities and still answers the occasional customer call herself.",
  },
  {
    id: "lucas-van-dijk",
    name: "Lucas van Dijk",
    role: "Head of Handyman Partnerships",
    image: "/team/lucas-van-dijk.svg",
    bio: "A certified electrician who spent fifteen years on job sites. He vets every new partner and visits their work.",
  },
  {
    id: "mei-lin-chen",
    name: "Mei Lin Chen",
    role: "Head of Customer Success",
    image: "/team/mei-lin-chen.svg",
    bio: "Leads the support team in Rotterdam and turns every complaint into a change that stops it happening again.",
  },
  {
    id: "ruben-smit",
    name: "Ruben Smit",
    role: "Head of Finance",
    image: "/team/ruben-smit.svg",
    bio: "Keeps our prices fair for homeowners and makes sure every handyman is paid on time, every time.",
  },
];
