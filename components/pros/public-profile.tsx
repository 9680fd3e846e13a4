// A handyman's public profile as /pros/{slug} shows it, drawn on the server: the facts, the
// introduction and one page of reviews with links to the pages beside it. Nothing here can show a
// number or contact detail: the profile (lib/handymen/profile.ts) carries none but the introduction the
// handyman wrote, and that is shown through the contact mask of messages (lib/messages/masking.ts).
import { Link } from "@/components/i18n/link";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import type { Locale } from "@/i18n/locales";
import { formatDate, formatDateTime, formatHourlyPrice, formatList } from "@/lib/format";
import type { PublicProfile, ReviewPage } from "@/lib/handymen/profile";
import { ratingWords } from "@/lib/handymen/rating";
import { profilePath } from "@/lib/handymen/profile-path";
import { getTranslator } from "@/lib/i18n/translator";
import { maskContactDetails } from "@/lib/messages/masking";
import { cityLabel, taskTypeLabel } from "@/lib/requests/words";
import styles from "./pros.module.css";

/** The profile's trades and cities as running text names them ("Plumbing and Painting"). */
export function profileWords(profile: Pick<PublicProfile, "taskTypes" | "cities">, locale: Locale) {
  return {
    trades: formatList(profile.taskTypes.map((task) => taskTypeLabel(task, locale)), "and", locale),
    cities: formatList(profile.cities.map((city) => cityLabel(city, locale)), "and", locale),
  };
}

export function PublicProfileView({ profile, page, locale }: { profile: PublicProfile; page: ReviewPage; locale: Locale }) {
  const t = getTranslator(locale, "pro");
  const { trades, cities } = profileWords(profile, locale);
  const pageHref = (cursor: Record<string, string>) => `${profilePath(profile.slug)}?${new URLSearchParams(cursor)}`;
  return (
    <>
      <PageHeader eyebrow={t("page.eyebrow")} title={profile.name} lead={t("page.lead", { trades, cities })} />
      <div className={`container ${styles.page}`}>
        <Card as="section" aria-labelledby="facts-heading">
          <h2 id="facts-heading" className={styles.sectionTitle}>
            {t("page.factsHeading")}
          </h2>
          <dl className={styles.facts}>
            <div>
              <dt>{t("page.trades")}</dt>
              <dd>{trades}</dd>
            </div>
            <div>
              <dt>{t("page.cities")}</dt>
              <dd>{cities}</dd>
            </div>
            <div>
              <dt>{t("page.hourlyPrice")}</dt>
              <dd data-testid="profile-price">{t("page.vatIncluded", { price: formatHourlyPrice(profile.hourlyPrice, locale) })}</dd>
            </div>
            <div>
              <dt>{t("page.rating")}</dt>
              <dd data-testid="profile-rating">
                {ratingWords(profile, locale, getTranslator(locale, "job"))}
              </dd>
            </div>
            <div>
              <dt>{t("page.memberSince")}</dt>
              <dd>
                <time dateTime={profile.memberSince}>{formatDate(profile.memberSince, locale)}</time>
              </dd>
            </div>
            {profile.reliability.cancelled > 0 ? (
              <div>
                <dt>{t("reliability.label")}</dt>
                <dd data-testid="profile-reliability">
                  {t("reliability.cancelled", profile.reliability)} <Link href="/how-we-rank#reliability">{t("reliability.how")}</Link>
                </dd>
              </div>
            ) : null}
            {profile.kvkRegistered || profile.insuredUntil ? (
              <div>
                <dt>{t("page.checks")}</dt>
                <dd>
                  <ul className={styles.checks}>
                    {profile.kvkRegistered ? <li>{t("page.kvk")}</li> : null}
                    {profile.insuredUntil ? <li>{t("page.insuredUntil", { date: formatDate(profile.insuredUntil, locale) })}</li> : null}
                  </ul>
                </dd>
              </div>
            ) : null}
          </dl>
        </Card>

        {profile.intro ? (
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className={styles.sectionTitle}>
              {t("page.aboutHeading", { name: profile.name })}
            </h2>
            <p className={styles.intro} data-testid="profile-intro">
              {maskContactDetails(profile.intro, t("page.introMasked"))}
            </p>
          </section>
        ) : null}

        <section aria-labelledby="reviews-heading">
          <h2 id="reviews-heading" className={styles.sectionTitle}>
            {t("page.reviewsHeading")}
          </h2>
          <p className={styles.muted}>
            {t("page.reviewsNote", { name: profile.name })} <Link href="/how-we-rank">{t("links.howWeRank")}</Link>
          </p>
          {page.reviews.length ? (
            <ul className={styles.reviews}>
              {page.reviews.map((review) => (
                <Card as="li" key={review.id} data-testid="profile-review">
                  <p>
                    <strong>{t("page.stars", { stars: review.stars })}</strong>{" "}
                    <time className={styles.muted} dateTime={review.createdAt}>
                      {formatDateTime(review.createdAt, locale)}
                    </time>
                  </p>
                  {review.text ? <p className={styles.reviewText}>{review.text}</p> : null}
                  <p className={styles.source}>{t("page.reviewSource")}</p>
                </Card>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>{t("page.noReviews")}</p>
          )}
          {page.previous || page.next ? (
            <nav aria-label={t("page.reviewsPages")} className={styles.pager}>
              {page.previous ? (
                <Link href={pageHref({ cursor: page.previous })} rel="prev">
                  {t("page.newer")}
                </Link>
              ) : null}
              {page.next ? (
                <Link href={pageHref({ cursor: page.next })} rel="next">
                  {t("page.older")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      </div>
    </>
  );
}

/** What a removed or suspended handyman's page shows (answered 410 Gone by the proxy, lib/handymen/profile-path.ts). */
export function GoneProfile({ locale }: { locale: Locale }) {
  const t = getTranslator(locale, "pro");
  return (
    <>
      <PageHeader eyebrow={t("page.eyebrow")} title={t("page.goneTitle")} lead={t("page.goneLead")} />
      <div className={`container ${styles.page}`}>
        <p>
          <Link href="/inputs">{t("page.goneAction")}</Link>
        </p>
      </div>
    </>
  );
}
