// /manifest.webmanifest – what makes the site installable (docs/notifications.md). One manifest for both
// languages: it opens /api/start, which sends the person to the home page in their language (their
// account's, else their browser's), so a Dutch reader's installed app opens in Dutch without a second manifest.
import type { MetadataRoute } from "next";
import { company } from "@/lib/content/site";
import { getTranslator } from "@/lib/i18n/translator";
import { cityList } from "@/lib/requests/words";

/** The brand's colours (app/globals.css: --color-brand and --color-bg). */
const THEME_COLOR = "#0b6e4f";
const BACKGROUND_COLOR = "#fbfaf7";

export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: company.name,
    short_name: company.name,
    // Both languages, as the one manifest serves both.
    description: (["en", "nl"] as const).map((locale) => getTranslator(locale, "notifications")("manifest.description", { cities: cityList("and", locale) })).join(" · "),
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
