// The leadership team on /team. Roles and bios are in the catalogue (pages.team.members.<id>).

export type TeamMember = { id: string; name: string; image: string };

export const team: TeamMember[] = [
  { id: "noor-hendriks", name: "Noor Hendriks", image: "/team/noor-hendriks.svg" },
  { id: "daan-mulder", name: "Daan Mulder", image: "/team/daan-mulder.svg" },
  { id: "amara-osei", name: "Amara Osei", image: "/team/amara-osei.svg" },
  { id: "lucas-van-dijk", name: "Lucas van Dijk", image: "/team/lucas-van-dijk.svg" },
  { id: "mei-lin-chen", name: "Mei Lin Chen", image: "/team/mei-lin-chen.svg" },
  { id: "ruben-smit", name: "Ruben Smit", image: "/team/ruben-smit.svg" },
];
