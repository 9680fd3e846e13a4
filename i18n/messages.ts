// A locale's whole catalogue (every namespace). Server components read it through next-intl; client
// components get only the namespaces they need (see components/i18n/client-messages.tsx).
import { CATALOGUES, type Catalogue } from "./catalogues";
import type { Locale } from "./locales";

export type { Catalogue };

/** The catalogue of `locale`. */
export function loadMessages(locale: Locale): Promise<Catalogue> {
  return Promise.resolve(CATALOGUES[locale]);
}
