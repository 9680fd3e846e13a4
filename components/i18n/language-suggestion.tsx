"use client";
// Offers Dutch to a visitor of an English page whose browser prefers Dutch, until they choose either
// way (the choice is kept in a cookie). It never redirects: crawlers and shared links get the page they
// asked for. It floats over the page, so showing it moves nothing.
import { useState, useSyncExternalStore } from "react";
import { usePathname } from "next/navigation";
import { localizedPath, splitLocale } from "@/lib/i18n/paths";
import { rememberLocale, rememberedLocale } from "./locale-cookie";
import styles from "./language-suggestion.module.css";

export type LanguageSuggestionText = { message: string; accept: string; dismiss: string };

/** Whether the browser's preferred languages put Dutch before English. */
export function prefersDutch(languages: readonly string[]): boolean {
  for (const tag of languages) {
    const language = tag.toLowerCase().split("-")[0];
    if (language === "nl") return true;
    if (language === "en") return false;
  }
  return false;
}

/** Nothing to subscribe to: the browser's languages and the cookie are read once, after hydration. */
const noSubscription = () => () => {};

function offerDutch(locale: string): boolean {
  if (locale !== "en" || rememberedLocale()) return false;
  return prefersDutch(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

export function LanguageSuggestion({ text }: { text: LanguageSuggestionText }) {
  const { locale, path } = splitLocale(usePathname() ?? "/");
  // The server and the first render offer nothing (the page is the same for everyone); the browser then decides.
  const offered = useSyncExternalStore(noSubscription, () => offerDutch(locale), () => false);
  const [dismissed, setDismissed] = useState(false);

  if (!offered || dismissed) return null;
  return (
    <aside className={styles.suggestion} lang="nl" aria-label={text.message}>
      <p className={styles.message}>{text.message}</p>
      <div className={styles.actions}>
        <a className={styles.accept} href={localizedPath("nl", path)} hrefLang="nl" onClick={() => rememberLocale("nl")}>
          {text.accept}
        </a>
        <button
          type="button"
          className={styles.dismiss}
          onClick={() => {
            rememberLocale("en");
            setDismissed(true);
          }}
        >
          {text.dismiss}
        </button>
      </div>
    </aside>
  );
}
