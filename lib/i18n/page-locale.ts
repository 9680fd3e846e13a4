// The language of the page being rendered or posted from (next-intl's locale of the request, which the
// proxy's routing sets from the address: /nl/… is Dutch), for server actions' answers and redirects;
// English outside a page (a route handler, a script).
import "server-only";
import { getLocale } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../i18n/locales";

export async function pageLocale(): Promise<Locale> {
  try {
    const locale = await getLocale();
    return isLocale(locale) ? locale : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}
