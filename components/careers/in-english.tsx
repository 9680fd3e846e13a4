import type { Locale } from "@/i18n/locales";

/** An opening's stored (English) content; marked as English on a page in another language. */
export function InEnglish({ locale, children, as: Element = "span", className }: { locale: Locale; children: React.ReactNode; as?: "span" | "div"; className?: string }) {
  if (locale === "en" && !className) return <>{children}</>;
  return (
    <Element lang={locale === "en" ? undefined : "en"} className={className}>
      {children}
    </Element>
  );
}
