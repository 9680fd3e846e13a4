// The language of the page a form was posted from (next-intl's locale of the request, set from the
// address /nl/…), for server actions' answers and redirects; English outside a page.
import "server-only";
import type { Locale } from "../../i18n/locales";
import { pageLocale } from "../i18n/page-locale";
import type { Namespace } from "../../i18n/namespaces";
import { getTranslator } from "../i18n/translator";

export const actionLocale = pageLocale;

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The messages of one namespace in `locale`, for a server action's answer. */
export async function actionMessages(locale: Locale, namespace: Namespace): Promise<Translate> {
  return getTranslator(locale, namespace) as unknown as Translate;
}
