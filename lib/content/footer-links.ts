// The footer's links, in three groups. The labels are the product's own wording.

export type FooterLink = { label: string; href: string };
export type FooterLinkGroup = { heading: string; links: FooterLink[] };

export const footerLinkGroups: FooterLinkGroup[] = [
  {
    heading: "Company",
    links: [
      { label: "Our Story", href: "/ourstory" },
      { label: "Team", href: "/team" },
      { label: "Culture", href: "/culture" },
      { label: "Benefits", href: "/benefits" },
      { label: "Job Openings", href: "/job-openings" },
    ],
  },
  {
    heading: "Support",
    links: [
      { label: "Customer Help", href: "/customer-help" },
      { label: "System Status", href: "/system-status" },
      { label: "Community", href: "/community" },
    ],
  },
  {
    heading: "Legal",
    links: [
      { label: "Privacy Policy", href: "/privacy-policy" },
      { label: "Terms Of Service", href: "/terms-of-service" },
    ],
  },
];

export const footerNotice = "This site is for learning purposes only. No real repairs are booked and no payments are taken.";
