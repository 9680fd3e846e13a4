// Gives the client components below it the messages of the named namespaces, and nothing else: the
// root layout has no provider, so a page whose scripts need no translations (the home page) ships none.
// Prefer passing translated strings as props from a server component; use this where a client
// component formats many messages itself (a form with its validation messages).
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";
import type { Namespace } from "@/i18n/namespaces";
import { TIME_ZONE } from "@/i18n/request";

export async function ClientMessages({ namespaces, children }: { namespaces: readonly Namespace[]; children: React.ReactNode }) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  const picked = Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace]]));
  return (
    <NextIntlClientProvider locale={locale} messages={picked} timeZone={TIME_ZONE}>
      {children}
    </NextIntlClientProvider>
  );
}
