// The document every page of a language is drawn in: <html lang>, the skip link, header, main, footer
// the language suggestion, and, when payments are test payments (lib/payments/mode.ts), a line saying so. The language layout (app/[locale]/layout.tsx) and the not-found page
// for addresses no route matches (app/global-not-found.tsx) both use it, so a 404 looks like the site.
import { getTranslations } from "next-intl/server";
import { SiteFooter } from "@/components/layout/site-footer";
import { ScrollToTop } from "@/components/layout/scroll-to-top";
import { SiteHeader } from "@/components/layout/site-header";
import { AuthNav } from "@/components/auth/auth-nav";
import { LanguageSuggestion } from "@/components/i18n/language-suggestion";
import { ServiceWorkerRegistration } from "@/components/notifications/service-worker-registration";
import type { Locale } from "@/i18n/locales";
import { paymentsMode } from "@/lib/payments/mode";

export async function LocaleDocument({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  const t = await getTranslations({ locale, namespace: "common" });
  // The suggestion speaks Dutch: it is shown to visitors whose browser prefers Dutch.
  const suggestion = await getTranslations({ locale: "nl", namespace: "common.suggestion" });
  return (
    <html lang={locale}>
      <body>
        <a className="skip-link" href="#main">
          {t("skipToContent")}
        </a>
        {paymentsMode() === "test" ? (
          <p className="test-payments" role="note" data-testid="test-payments">
            {t("testPayments")}
          </p>
        ) : null}
        <SiteHeader authSlot={<AuthNav />} />
        <main id="main">{children}</main>
        <SiteFooter />
        <ScrollToTop />
        <ServiceWorkerRegistration />
        <LanguageSuggestion text={{ message: suggestion("message"), accept: suggestion("accept"), dismiss: suggestion("dismiss") }} />
      </body>
    </html>
  );
}
