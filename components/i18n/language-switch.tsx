"use client";
// A link to the page the visitor is on, in the other language. A plain link before scripts arrive;
// clicking it also remembers the choice.
import { usePathname } from "next/navigation";
import type { Locale } from "@/i18n/locales";
import { localizedPath, splitLocale } from "@/lib/i18n/paths";
import { rememberLocale } from "./locale-cookie";

export type LanguageSwitchProps = {
  /** The language to offer. */
  target: Locale;
  /** The link's text, in the target language ("Nederlands", "English"). */
  label: string;
  /** What the link does, in the page's language, told to screen readers after the label ("Deze pagina in het Engels"). */
  description: string;
  className?: string;
};

export function LanguageSwitch({ target, label, description, className }: LanguageSwitchProps) {
  const { path } = splitLocale(usePathname() ?? "/");
  return (
    <a href={localizedPath(target, path)} hrefLang={target} className={className} onClick={() => rememberLocale(target)}>
      <span lang={target}>{label}</span>
      <span className="visually-hidden"> ({description})</span>
    </a>
  );
}
