// The header's account area, rendered on the server (prerendered signed out, or on demand for a visitor
// with a session: see getHeaderUser), so the first HTML already shows the right links: Sign In / Sign Up, or My Dashboard and the sign-out button (a form posting to
// a server action, which works without JavaScript too). The words are in the page's language.
import { getTranslations } from "next-intl/server";
import { signOutAction } from "@/lib/auth/actions";
import { getHeaderUser } from "@/lib/auth/current-user";
import { roleOf } from "@/lib/auth/current-user";
import { Button, LinkButton } from "@/components/ui/button";
import styles from "./auth-nav.module.css";

const HOME_LINKS = {
  homeowner: { href: "/dashboard", label: "dashboard" },
  handyman: { href: "/pro", label: "jobs" },
  // An applicant's /pro shows their application's state until it is approved.
  applicant: { href: "/pro", label: "jobs" },
  operator: { href: "/ops", label: "console" },
} as const;

export async function AuthNav() {
  const [user, t] = await Promise.all([getHeaderUser(), getTranslations("auth.nav")]);
  if (!user) {
    return (
      <div className={styles.slot}>
        <LinkButton href="/login" variant="ghost" size="sm">
          {t("signIn")}
        </LinkButton>
        <LinkButton href="/signup" size="sm">
          {t("signUp")}
        </LinkButton>
      </div>
    );
  }
  // An operator's place is the console, a handyman's their own page, a homeowner's the dashboard.
  const home = HOME_LINKS[(await roleOf(user).catch(() => null)) ?? "homeowner"];
  return (
    <div className={styles.slot}>
      <LinkButton href={home.href} variant="ghost" size="sm">
        {t(home.label)}
      </LinkButton>
      <form action={signOutAction} className={styles.signOut}>
        <Button type="submit" size="sm">
          {t("signOut")}
        </Button>
      </form>
    </div>
  );
}
