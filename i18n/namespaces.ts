// The message catalogue is split by area: messages/<locale>/<namespace>.json. `catalogue` holds the
// domain's words (trades, cities, criteria, states, notices) for the ids the code keeps. Every locale has
// the same files with the same keys (tests/unit/i18n-catalogues.test.ts fails otherwise). `errors` is kept
// small on purpose: the error screen is a client component on every page and carries it in both languages.
export const NAMESPACES = [
  "catalogue",
  "common",
  "errors",
  "home",
  "pages",
  "legal",
  "careers",
  "auth",
  "account",
  "request",
  "job",
  "dashboard",
  "validation",
  "mail",
  "api",
  "ops",
  "join",
  "pro",
  "invoices",
  "notifications",
] as const;

export type Namespace = (typeof NAMESPACES)[number];
