// The words the console uses for an opening's status and for the languages it is written in.
import type { Locale } from "../../i18n/locales";
import type { OpeningStatus } from "./console";

export const STATUS_LABELS: Record<OpeningStatus, string> = { draft: "Draft", published: "Published", closed: "Closed" };

export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", nl: "Dutch" };
