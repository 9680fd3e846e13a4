// /login and /signup: only for visitors who are not signed in. The proxy sends a browser with a session
// cookie to /inputs already; this confirms it against the database before the forms render.
import { redirect } from "next/navigation";
import { DEFAULT_LOCALE, isLocale } from "@/i18n/locales";
import { getCurrentUser } from "@/lib/auth/current-user";
import { localizedPath } from "@/lib/i18n/paths";

export default async function SignedOutLayout({ children, params }: LayoutProps<"/[locale]">) {
  const { locale } = await params;
  // When the session cannot be checked (database unreachable), the forms still render and say so.
  if (await getCurrentUser().catch(() => null)) redirect(localizedPath(isLocale(locale) ? locale : DEFAULT_LOCALE, "/inputs"));
  return children;
}
