// The language a thread's API answer masks in: the request's Accept-Language, English by default.
import type { Locale } from "../../i18n/locales";
import { localeFromAcceptLanguage } from "../i18n/accept-language";

export function pageLocaleFromRequest(req: Request): Locale {
  return localeFromAcceptLanguage(req.headers.get("accept-language"));
}
