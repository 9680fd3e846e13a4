// GET /api/start – where the installed app opens (app/manifest.ts's start_url): the home page in the
// person's language, their account's when signed in, else the one their browser prefers. Nothing personal
// in the answer itself, which is never cached (the language depends on who asks).
import { DEFAULT_LOCALE, isLocale } from "@/i18n/locales";
import { withErrors } from "@/lib/api/handler";
import { getUserFromRequest } from "@/lib/auth/current-user";
import { getDb } from "@/lib/db";
import { localeFromAcceptLanguage } from "@/lib/i18n/accept-language";
import { localizedPath } from "@/lib/i18n/paths";

export const dynamic = "force-dynamic";

export const GET = withErrors(async ({ req }) => {
  const user = await getUserFromRequest(req);
  let locale = localeFromAcceptLanguage(req.headers.get("accept-language"));
  if (user) {
    const account = await (await getDb()).user.findUnique({ where: { id: user.id }, select: { locale: true } });
    locale = account && isLocale(account.locale) ? account.locale : DEFAULT_LOCALE;
  }
  return new Response(null, {
    status: 302,
    headers: { Location: localizedPath(locale, user ? "/dashboard" : "/"), "Cache-Control": "private, no-store", Vary: "Cookie, Accept-Language" },
  });
});
