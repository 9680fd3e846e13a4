// Invariants of the public site's content: the lists the spec fixes, and that every picture or page
// the content points at exists, so a typo becomes a failing test rather than a broken image or link.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { benefits } from "@/lib/content/benefits";
import { footerLinkGroups } from "@/lib/content/footer-links";
import { privacyPolicy, termsOfService } from "@/lib/content/legal";
import { hero, services, trustBadges } from "@/lib/content/services";
import { systemStateLabels, systemStatuses } from "@/lib/content/statuses";
import { team } from "@/lib/content/team";
import { testimonials } from "@/lib/content/testimonials";
import { companyValues } from "@/lib/content/values";

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
      if (/^\(.+\)$/.test(entry.name)) return search(full, rest);
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
  const links = footerLinkGroups.flatMap((group) => group.links);

  it("are the spec's ten links, in its wording", () => {
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
      ].sort(),
    );
    expect(new Set(links.map((link) => link.href)).size).toBe(10);
  });

  it.each(links)("$label points at a page of this site ($href)", (link) => {
    expect(hasPage(link.href)).toBe(true);
  });
});

describe("home page content", () => {
  it("names the four trades in the spec's order", () => {
    expect(services.map((service) => service.name)).toEqual(["Painting", "Electrician", "Plumbing", "Cleaning"]);
  });

  it("has the three trust badges", () => {
    expect(trustBadges.map((badge) => badge.title)).toEqual(["Founded in 2023", "Start-up of the Year", "Powered by Innovation"]);
  });

  it("mentions the typical price of 300 euros as text", () => {
    expect(hero.subline).toMatch(/300 euros/);
  });

  it("has four five-star testimonials from the spec's cities and trades", () => {
    expect(testimonials).toHaveLength(4);
    expect(testimonials.map((t) => t.city)).toEqual(["Rotterdam", "Amsterdam", "Rotterdam", "Haarlem"]);
    expect(testimonials.map((t) => t.service)).toEqual(["Cleaning", "Plumbing", "Electrical", "Painting"]);
    for (const testimonial of testimonials) expect(testimonial.rating).toBe("★★★★★");
    expect(new Set(testimonials.map((t) => t.id)).size).toBe(4);
  });
});

describe("company pages content", () => {
  it("has six leaders with distinct names", () => {
    expect(team).toHaveLength(6);
    expect(new Set(team.map((member) => member.name)).size).toBe(6);
  });

  it("has the four values of /culture", () => {
    expect(companyValues.map((value) => value.name)).toEqual(["Innovation", "Teamwork", "Integrity", "Diversity"]);
  });

  it("has eight distinct benefits", () => {
    expect(benefits).toHaveLength(8);
    expect(new Set(benefits.map((benefit) => benefit.id)).size).toBe(8);
  });

  it("lists the spec's system statuses", () => {
    expect(systemStatuses.map((system) => [system.name, systemStateLabels[system.state]])).toEqual([
      ["Booking System", "Operational"],
      ["Payment Gateway", "To be operational"],
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
