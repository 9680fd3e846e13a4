// next-intl's per-request configuration: the page's language (from the [locale] segment, or the
// default for anything outside it), its messages, and the time zone every date is shown in.
import { getRequestConfig } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale, TIME_ZONE } from "./locales";
import { loadMessages } from "./messages";

export { TIME_ZONE };

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  return { locale, messages: await loadMessages(locale), timeZone: TIME_ZONE };
});
