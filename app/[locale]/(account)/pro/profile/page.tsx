// /pro/profile – the signed-in handyman's own profile: trades, cities, hourly price, introduction,
// weekdays, jobs a day, days off and the pause switch (the same "available now" form as /pro). For
// anyone else (applicants, homeowners, operators) this page does not exist.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageNotice } from "@/components/auth/page-notice";
import { Link } from "@/components/i18n/link";
import { AddDayOffForm, ProfileForm, RemoveDayOffForm } from "@/components/pros/profile-forms";
import styles from "@/components/pros/pros.module.css";
import { AvailabilityForm } from "@/components/requests/pro-step-forms";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { localeOf, type Locale } from "@/i18n/locales";
import { ApiError } from "@/lib/api/errors";
import { requireUser } from "@/lib/auth/current-user";
import { formatDate } from "@/lib/format";
import { profilePath } from "@/lib/handymen/profile-path";
import { getOwnProfile, MAX_INTRO_LENGTH, WEEKDAYS, type OwnProfile } from "@/lib/handymen/profile-edit";
import { CITIES, TASK_TYPES } from "@/lib/requests/catalogue";
import { latestRequestDate, todayInAmsterdam } from "@/lib/requests/rules";
import { cityLabel, taskTypeLabel } from "@/lib/requests/words";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "pro.edit" });
  return { title: t("metaTitle"), robots: { index: false } };
}

async function loadOwnProfile(): Promise<OwnProfile> {
  const user = await requireUser();
  try {
    return await getOwnProfile(user);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

/** "2 March 2027" or "2 March 2027 to 5 March 2027", in the page's language. */
function rangeText(t: Awaited<ReturnType<typeof getTranslations<"pro">>>, locale: Locale, startsOn: string, endsOn: string): string {
  return startsOn === endsOn
    ? t("edit.dayOffSingle", { day: formatDate(startsOn, locale) })
    : t("edit.dayOffRange", { from: formatDate(startsOn, locale), to: formatDate(endsOn, locale) });
}

export default async function ProProfilePage({ params }: Props) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  const [profile, t, job] = await Promise.all([
    loadOwnProfile(),
    getTranslations({ locale, namespace: "pro" }),
    getTranslations({ locale, namespace: "job" }),
  ]);
  const today = todayInAmsterdam();
  const unreachable = job("unreachable");
  const available = profile.available;
  return (
    <>
      <PageHeader eyebrow={t("edit.eyebrow")} title={t("edit.title")} lead={t("edit.lead")} />
      <div className={`container ${styles.page}`}>
        <PageNotice />
        <ul className={styles.links}>
          <li>
            <Link href="/pro">{t("edit.back")}</Link>
          </li>
          <li>
            <Link href={profilePath(profile.slug)}>{t("links.publicProfile")}</Link>
          </li>
        </ul>

        <Card as="section" aria-labelledby="profile-form-heading">
          <h2 id="profile-form-heading" className={styles.sectionTitle}>
            {t("edit.profileHeading")}
          </h2>
          <ProfileForm
            stored={{
              taskTypes: profile.taskTypes,
              cities: profile.cities,
              hourlyPrice: (profile.hourlyPriceCents / 100).toFixed(2),
              intro: profile.intro,
              weekdays: profile.weekdays.map(String),
              dailyCapacity: String(profile.dailyCapacity),
            }}
            options={{
              trades: TASK_TYPES.map((task) => ({ value: task, label: taskTypeLabel(task, locale) })),
              cities: CITIES.map((city) => ({ value: city, label: cityLabel(city, locale) })),
              weekdays: WEEKDAYS.map((day) => ({ value: String(day), label: t(`weekdays.${day}`) })),
            }}
            introMax={MAX_INTRO_LENGTH}
            text={{
              label: t("edit.profileHeading"),
              trades: t("edit.trades"),
              cities: t("edit.cities"),
              hourlyPrice: t("edit.hourlyPrice"),
              hourlyPriceHint: t("edit.hourlyPriceHint"),
              intro: t("edit.intro"),
              introHint: t("edit.introHint", { max: MAX_INTRO_LENGTH }),
              weekdays: t("edit.weekdays"),
              dailyCapacity: t("edit.dailyCapacity"),
              dailyCapacityHint: t("edit.dailyCapacityHint"),
              save: t("edit.save"),
              unreachable,
            }}
          />
        </Card>

        <Card as="section" aria-labelledby="days-off-heading">
          <h2 id="days-off-heading" className={styles.sectionTitle}>
            {t("edit.daysOffHeading")}
          </h2>
          <p className={styles.muted}>{t("edit.daysOffLead")}</p>
          {profile.daysOff.length ? (
            <ul className={styles.daysOff} data-testid="days-off">
              {profile.daysOff.map((dayOff) => {
                const range = rangeText(t, locale, dayOff.startsOn, dayOff.endsOn);
                return (
                  <li key={dayOff.id}>
                    <RemoveDayOffForm id={dayOff.id} range={range} text={{ label: t("edit.removeLabel", { range }), remove: t("edit.remove"), unreachable }} />
                  </li>
                );
              })}
            </ul>
          ) : (
            <p>{t("edit.noDaysOff")}</p>
          )}
          <AddDayOffForm
            text={{ label: t("edit.addDayOff"), startsOn: t("edit.startsOn"), endsOn: t("edit.endsOn"), add: t("edit.addDayOff"), unreachable, min: today, max: latestRequestDate(today) }}
          />
        </Card>

        <Card as="section" aria-labelledby="pause-heading">
          <h2 id="pause-heading" className={styles.sectionTitle}>
            {t("edit.pauseHeading")}
          </h2>
          <AvailabilityForm
            available={available}
            text={{
              unreachable,
              label: job("proForms.availabilityLabel"),
              status: job.rich("proForms.availability", { available: available ? "yes" : "no", strong: (chunks) => <strong>{chunks}</strong> }),
              button: available ? job("proForms.setUnavailable") : job("proForms.setAvailable"),
            }}
          />
        </Card>

        <Card as="section" aria-labelledby="insurance-heading">
          <h2 id="insurance-heading" className={styles.sectionTitle}>
            {t("edit.insuranceHeading")}
          </h2>
          <p>{profile.insuredUntil ? t("edit.insuredUntil", { date: formatDate(profile.insuredUntil, locale) }) : t("edit.insuranceUnknown")}</p>
        </Card>
      </div>
    </>
  );
}
