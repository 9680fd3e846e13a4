import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { StaticImage } from "@/components/ui/static-image";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/marketing/marketing.module.css";
import { Card } from "@/components/ui/card";
import { team } from "@/lib/content/team";
import { pageMetadata } from "@/lib/i18n/metadata";

// A prerendered page in the site's languages only: another first segment is a 404 (see app/[locale]/page.tsx).
export const dynamicParams = false;

export async function generateMetadata({ params }: PageProps<"/[locale]/team">): Promise<Metadata> {
  const locale = localeOf((await params).locale);
  const t = await getTranslations({ locale, namespace: "pages.team.meta" });
  return pageMetadata(locale, "/team", { title: t("title"), description: t("description") });
}

export default async function TeamPage({ params }: PageProps<"/[locale]/team">) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "pages.team" });
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")} />
      <div className={`container ${styles.body}`}>
        <ul className={styles.grid}>
          {team.map((member) => (
            <Card as="li" key={member.id} className={styles.teamCard}>
              <StaticImage src={member.image} alt={t("portraitAlt", { name: member.name })} width={160} height={160} className={styles.teamImage} />
              <h2 className={styles.cardTitle}>{member.name}</h2>
              <p className={styles.teamRole}>{t(`members.${member.id}.role`)}</p>
              <p className={styles.cardText}>{t(`members.${member.id}.bio`)}</p>
            </Card>
          ))}
        </ul>
      </div>
    </>
  );
}
