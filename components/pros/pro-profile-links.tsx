// On /pro: the way to the handyman's own profile settings and to their public profile.
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/i18n/link";
import { listedProfileSlugs } from "@/lib/handymen/profile";
import { profilePath } from "@/lib/handymen/profile-path";
import styles from "./pros.module.css";

export async function ProProfileLinks({ handymanId }: { handymanId: number }) {
  const [t, slugs] = await Promise.all([getTranslations("pro.links"), listedProfileSlugs([handymanId])]);
  const slug = slugs[handymanId];
  return (
    <nav aria-label={t("editProfile")} className="container">
      <ul className={styles.links}>
        <li>
          <Link href="/pro/profile">{t("editProfile")}</Link>
        </li>
        {slug ? (
          <li>
            <Link href={profilePath(slug)}>{t("publicProfile")}</Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
