// The language of the page a form was posted from, for the answers of the request's server actions
// (lib/i18n/page-locale.ts; English outside a page).
export { pageLocale as postingPageLocale } from "../i18n/page-locale";
