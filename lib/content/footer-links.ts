// The footer's links, in three groups. The labels are in the catalogue: common.footer.groups.<group>.heading
// and common.footer.groups.<group>.links.<path without the slash>.

export type FooterLinkGroup = { id: "company" | "support" | "legal"; hrefs: string[] };

export const footerLinkGroups: FooterLinkGroup[] = [
  { id: "company", hrefs: ["/ourstory", "/team", "/culture", "/benefits", "/job-openings", "/join"] },
  { id: "support", hrefs: ["/customer-help", "/system-status", "/community", "/how-we-rank"] },
  { id: "legal", hrefs: ["/privacy-policy", "/terms-of-service"] },
];

/** The catalogue key of a footer link's label. */
export const footerLinkKey = (href: string) => href.slice(1);
