// Loads a locale's whole catalogue (every namespace). Server components read it through next-intl;
// client components get only the namespaces they need (see components/i18n/client-messages.tsx).
import type { AbstractIntlMessages } from "next-intl";
import { NAMESPACES, type Namespace } from "./namespaces";
import type { Locale } from "./locales";

export type Catalogue = Record<Namespace, AbstractIntlMessages>;

const loaded = new Map<Locale, Promise<Catalogue>>();

async function load(locale: Locale): Promise<Catalogue> {
  const entries = await Promise.all(
    NAMESPACES.map(async (namespace) => [namespace, (await import(`../messages/${locale}/${namespace}.json`)).default as AbstractIntlMessages] as const),
  );
  return Object.fromEntries(entries) as Catalogue;
}

/** The catalogue of `locale`, read once per process. */
export function loadMessages(locale: Locale): Promise<Catalogue> {
  let catalogue = loaded.get(locale);
  if (!catalogue) {
    catalogue = load(locale);
    loaded.set(locale, catalogue);
  }
  return catalogue;
}
