// /manifest.webmanifest – what makes the site installable (docs/notifications.md). One manifest for both
// languages: it opens /api/start, which sends the person to the home page in their language (their
// account's, else their browser's), so a Dutch reader's installed app opens in Dutch without a second manifest.
import type { MetadataRoute } from "next";
import { company } from "@/lib/content/site";

/** The brand's colours (app/globals.css: --color-brand and --color-bg). */
const THEME_COLOR = "#0b6e4f";
const BACKGROUND_COLOR = "#fbfaf7";

export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: company.name,
    short_name: company.name,
    description: "Handymen for your home in Amsterdam, The Hague and Rotterdam · Vakmensen voor je huis in Amsterdam, Den Haag en Rotterdam",
    start_url: "/api/start",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}
