import type { Viewport } from "next";

/** The viewport every page declares: the root layout's, and the global not-found page's (which has no layout). */
export const SITE_VIEWPORT: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0b6e4f" };
