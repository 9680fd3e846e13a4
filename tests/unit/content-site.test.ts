// Invariants of the public site's content: the lists the spec fixes, and that every picture or page
// the content points at exists, so a typo becomes a failing test rather than a broken image or link.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import common from "@/messages/en/common.json";
import home from "@/messages/en/home.json";
import legal from "@/messages/en/legal.json";
import legalNl from "@/messages/nl/legal.json";
import pages from "@/messages/en/pages.json";
import { BENEFIT_IDS } from "@/lib/content/benefits";
import { footerLinkGroups, footerLinkKey } from "@/lib/content/footer-links";
import { legalDocument, type LegalSection } from "@/lib/content/legal";
import { services, trustBadges } from "@/lib/content/services";
import { systemStatuses } from "@/lib/content/statuses";
import { team } from "@/lib/content/team";
import { testimonials } from "@/lib/content/testimonials";
import { VALUE_IDS } from "@/lib/content/values";

// The English words, as the pages show them, come from the English catalogue.
const groupLinks = common.footer.groups as Record<string, { heading: string; links: Record<string, string> }>;
const serviceItems = home.services.items as Record<string, { name: string }>;
const badgeItems = home.trust.badges as Record<string, { title: string }>;
const testimonialServices = home.testimonials.services as Record<string, string>;
const valueItems = pages.culture.values as Record<string, { name: string }>;
const benefitItems = pages.benefits.items as Record<string, { title: string }>;
const systemItems = pages.systemStatus.systems as Record<string, { name: string }>;
const stateLabels = pages.systemStatus.states as Record<string, string>;
const privacyPolicy = legalDocument("privacy", legal.privacy as { summary: string; sections: LegalSection[] });
const termsOfService = legalDocument("terms", legal.terms as { summary: string; sections: LegalSection[] });
const teamMembers = pages.team.members as Record<string, { role: string; bio: string }>;

const root = path.resolve(import.meta.dirname, "../..");
const publicFile = (src: string) => path.join(root, "public", src);

/** Whether some app/ route folder (route groups ignored) serves this path with a page. */
function hasPage(href: string): boolean {
  const segments = href.split("/").filter(Boolean);
  const search = (dir: string, rest: string[]): boolean => {
    if (rest.length === 0) return existsSync(path.join(dir, "page.tsx"));
    return readdirSync(dir, { withFileTypes: true }).some((entry) => {
      if (!entry.isDirectory()) return false;
      const full = path.join(dir, entry.name);
      // Route groups and the [locale] segment add nothing to the English path.
      if (/^\(.+\)$/.test(entry.name) || entry.name === "[locale]") return search(full, rest);
      return entry.name === rest[0] && search(full, rest.slice(1));
    });
  };
  return search(path.join(root, "app"), segments);
}

function svgSize(src: string) {
  const text = readFileSync(publicFile(src), "utf8");
  const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(text);
  const width = /<svg[^>]*\swidth="([\d.]+)"/.exec(text);
  const height = /<svg[^>]*\sheight="([\d.]+)"/.exec(text);
  return {
    text,
    viewBox: viewBox ? [Number(viewBox[1]), Number(viewBox[2])] : null,
    width: width ? Number(width[1]) : null,
    height: height ? Number(height[1]) : null,
  };
}

describe("footer links", () => {
  const links = footerLinkGroups.flatMap((group) =>
    group.hrefs.map((href) => ({ href, label: groupLinks[group.id].links[footerLinkKey(href)] })),
  );

  it("are the spec's ten links, in its wording, how we rank and joining", () => {
    expect(links.map((link) => link.label).sort()).toEqual(
      [
        "Our Story",
        "Team",
        "Community",
        "Customer Help",
        "System Status",
        "Privacy Policy",
        "Terms Of Service",
        "Job Openings",
        "Culture",
        "Benefits",
        "How We Rank",
        "Join as a professional",
      ].sort(),
    );
    expect(new Set(links.map((link) => link.href)).size).toBe(12);
  });

  it.each(links)("$label points at a page of this site ($href)", (link) => {
    expect(hasPage(link.href)).toBe(true);
  });
});

describe("home page content", () => {
  it("names the four trades in the spec's order", () => {
    expect(services.map((service) => serviceItems[service.id].name)).toEqual(["Painting", "Electrician", "Plumbing", "Cleaning"]);
  });

  it("has the three trust badges", () => {
    expect(trustBadges.map((badge) => badgeItems[badge.id].title)).toEqual(["Founded in 2023", "Start-up of the Year", "Powered by Innovation"]);
  });

  it("mentions the typical price of 300 euros as text", () => {
    expect(home.hero.subline).toMatch(/300 euros/);
  });

  it("has four five-star testimonials from the spec's cities and trades", () => {
    expect(testimonials).toHaveLength(4);
    expect(testimonials.map((t) => t.city)).toEqual(["Rotterdam", "Amsterdam", "Rotterdam", "Haarlem"]);
    expect(testimonials.map((t) => testimonialServices[t.service])).toEqual(["Cleaning", "Plumbing", "Electrical", "Painting"]);
    for (const testimonial of testimonials) expect(testimonial.rating).toBe("★★★★★");
    expect(new Set(testimonials.map((t) => t.id)).size).toBe(4);
  });
});

describe("company pages content", () => {
  it("has six leaders with distinct names", () => {
    expect(team).toHaveLength(6);
    for (const member of team) expect(teamMembers[member.id]?.role).toBeTruthy();
    expect(new Set(team.map((member) => member.name)).size).toBe(6);
  });

  it("has the four values of /culture", () => {
    expect(VALUE_IDS.map((id) => valueItems[id].name)).toEqual(["Innovation", "Teamwork", "Integrity", "Diversity"]);
  });

  it("has eight distinct benefits", () => {
    expect(BENEFIT_IDS).toHaveLength(8);
    expect(new Set(BENEFIT_IDS).size).toBe(8);
    for (const id of BENEFIT_IDS) expect(benefitItems[id]?.title).toBeTruthy();
  });

  it.each([
    ["operational", "Operational"],
    ["test", "Test payments"],
    ["unavailable", "Unavailable"],
  ] as const)("lists the spec's system statuses, the payment gateway %s", (gateway, words) => {
    expect(systemStatuses(gateway).map((system) => [systemItems[system.id].name, stateLabels[system.state]])).toEqual([
      ["Booking System", "Operational"],
      ["Payment Gateway", words],
      ["User Dashboard", "Operational"],
      ["Sign In", "Operational"],
    ]);
  });

  it.each([
    ["privacy policy", privacyPolicy],
    ["terms of service", termsOfService],
  ])("gives every section of the %s a unique anchor for its table of contents", (_name, document) => {
    const ids = document.sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it("says in the privacy policy what is stored, for how long, the GDPR rights and where to write", () => {
    const text = JSON.stringify(privacyPolicy).toLowerCase();
    for (const phrase of ["email address", "hash of your password", "repair requests", "how long", "gdpr", "privacy@fixwell.example", "autoriteit persoonsgegevens"]) {
      expect(text).toContain(phrase);
    }
  });

  it("says in both languages that invoices and credit notes are kept seven years after an account is deleted, what they hold, and that the rest is erased", () => {
    const phrases = {
      en: ["invoices and credit notes", "seven years", "article 52", "also after you delete your account", "names and addresses", "the work done", "amounts", "everything else about you is erased"],
      nl: ["facturen en creditnota's", "zeven jaar", "artikel 52", "ook nadat je je account hebt verwijderd", "namen en adressen", "het uitgevoerde werk", "bedragen", "al het andere over jou wissen we"],
    };
    for (const [language, catalogue] of [["en", legal], ["nl", legalNl]] as const) {
      const text = JSON.stringify(catalogue.privacy).toLowerCase();
      for (const phrase of phrases[language]) expect(text, `${language}: ${phrase}`).toContain(phrase);
    }
  });
});

describe("pictures", () => {
  const pictures = [
    ...services.map((service) => ({ src: service.picture.src, width: service.picture.width, height: service.picture.height })),
    ...team.map((member) => ({ src: member.image, width: 160, height: 160 })),
    ...testimonials.map((testimonial) => ({ src: testimonial.image, width: 56, height: 56 })),
    { src: "/logo.svg", width: 36, height: 36 },
    { src: "/illustrations/hero.svg", width: 560, height: 440 },
  ];

  it.each(pictures)("$src exists and has the aspect ratio the page reserves for it", ({ src, width, height }) => {
    expect(existsSync(publicFile(src))).toBe(true);
    const svg = svgSize(src);
    expect(svg.viewBox).not.toBeNull();
    expect(svg.width).not.toBeNull();
    expect(svg.height).not.toBeNull();
    const [vw, vh] = svg.viewBox!;
    expect(vw / vh).toBeCloseTo(width / height, 3);
  });

  it.each(readdirSync(path.join(root, "public"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".svg")))(
    "public/%s carries no script, event handler or outside reference",
    (file) => {
      const text = readFileSync(path.join(root, "public", file), "utf8");
      expect(text).not.toMatch(/<script|\son[a-z]+=|href="(?!#)|<foreignObject|<image/i);
    },
  );
});
