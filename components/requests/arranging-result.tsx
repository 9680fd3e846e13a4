"use client";
// /inputs/criteria/arranging: the confirmation. It loads the user's requests, takes the one named in
// the URL (else the newest), and shows the match the server's ranking gives for that request's stored
// criterion (lib/handymen/ranking.ts): the handyman holding it, else the first. The server hands over only
// the top three of the ranking, how many it holds and where the holder stands, so a reload always shows
// what the matching rule says and the page does not grow with the market. Beside the match: why this
// handyman, an all-in estimate for a typical job, and, while nobody has accepted, the next two in the
// ranking to pick instead. Everything is in the page's language.
import { useTranslations } from "next-intl";
import { Link, usePageLocale } from "@/components/i18n/link";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/button";
import { PickHandymanForm } from "@/components/requests/request-step-forms";
import type { Locale } from "@/i18n/locales";
import { formatDateTime, formatHourlyPrice, formatNumber, formatPriceRange, formatWholeEuros } from "@/lib/format";
import { pronounFor, type Handyman } from "@/lib/matching";
import { cityLabel, taskJobName, taskWorkName, typicalJobName } from "@/lib/requests/words";
import type { ConfirmationView } from "@/lib/requests/details";
import type { ProfileLinks } from "@/lib/handymen/profile-path";
import { ratingWords, type RatingBasis } from "@/lib/handymen/rating";
import { estimateJob } from "@/lib/requests/estimates";
import type { RepairRequest } from "@/lib/requests/schemas";
import { whyThisHandyman, type MatchContext, type Standing } from "@/lib/requests/why-this-handyman";
import { useMyRequests } from "./request-cache";
import { QueryError } from "@/components/ui/query-error";
import { useQueryErrorText } from "@/components/ui/use-query-error-text";
import { RequestSummary } from "./request-summary";
import styles from "./request.module.css";

type Translate = ReturnType<typeof useTranslations<"request">>;

/** The request a confirmation is about: the one named, or else the newest by created_at. */
function pickRequest(requests: RepairRequest[], id: string | undefined): RepairRequest | null {
  if (id) return requests.find((request) => request.id === id) ?? null;
  return requests.reduce<RepairRequest | null>(
    (newest, request) => (!newest || request.createdAt > newest.createdAt ? request : newest),
    null,
  );
}

/** Where the request stands with the handyman shown, in one line. */
function holderStatus(view: ConfirmationView, name: string, t: Translate, locale: Locale): string | null {
  switch (view.state) {
    case "offered":
      return view.respondBy ? t("arranging.status.offered", { name, time: formatDateTime(view.respondBy, locale) }) : null;
    case "accepted":
    case "date_proposed":
      return t("arranging.status.accepted", { name });
    case "done":
    case "reviewed":
      return t("arranging.status.done", { name });
    default:
      return null;
  }
}

/** "Why this handyman" in the page's language (the order page's timeline says the same, in English). */
function whyIn(locale: Locale, t: Translate, standing: Standing, context: MatchContext): string {
  return whyThisHandyman(standing, context, locale, (key, values) => t(key, values));
}

export function ArrangingResult({
  requestId,
  view,
  profiles,
  ratings,
}: {
  requestId?: string;
  view: ConfirmationView | null;
  profiles?: ProfileLinks;
  /** What the ratings of the handymen in `view` rest on, by id (lib/handymen/rating.ts). */
  ratings: Record<number, RatingBasis>;
}) {
  const t = useTranslations("request");
  const tJob = useTranslations("job");
  const locale = usePageLocale();
  const errorText = useQueryErrorText(t("arranging.yourRequest"));
  const requests = useMyRequests();

  if (requests.isPending) {
    return (
      <p role="status" className={styles.loading}>
        {t("arranging.loading")}
      </p>
    );
  }
  if (requests.isError) {
    return <QueryError error={requests.error} onRetry={() => void requests.refetch()} what={t("arranging.yourRequest")} text={errorText} />;
  }

  // Without an id in the URL the server already chose the newest request; the browser takes the same one.
  const request = pickRequest(requests.data, requestId ?? view?.requestId);
  if (!request) {
    return (
      <Alert tone="info" title={t("arranging.nothingTitle")}>
        <p>{t("arranging.nothingText")}</p>
        <LinkButton href="/inputs">{t("arranging.makeRequest")}</LinkButton>
      </Alert>
    );
  }
  if (!request.criterion) {
    return (
      <Alert tone="info" title={t("arranging.noCriterionTitle")}>
        <p>{t("arranging.noCriterionText")}</p>
        <LinkButton href={`/inputs/criteria/${request.id}`}>{t("arranging.chooseCriterion")}</LinkButton>
      </Alert>
    );
  }

  const city = cityLabel(request.city, locale);
  const job = taskJobName(request.taskType, locale);
  const current = view?.requestId === request.id ? view : null;
  if (current?.state === "cancelled") {
    return (
      <Alert tone="info" title={t("arranging.cancelledTitle")}>
        <p>{t("arranging.cancelledText", { job, city })}</p>
        <LinkButton href="/inputs">{t("arranging.makeNew")}</LinkButton>
      </Alert>
    );
  }
  const top = current?.top ?? [];
  const count = current?.count ?? 0;
  const holder = current?.holder ?? null;
  const match: Handyman | null = current?.state === "unmatched" ? null : (holder ?? top[0] ?? null);
  const context = { criterion: current?.criterion ?? request.criterion, city: request.city, taskType: request.taskType };
  // Where one of the top stands: its place among them (the top three are the ranking's first three).
  const standingOf = (handyman: Pick<Handyman, "id">): Standing =>
    holder?.id === handyman.id ? { place: holder.place, count } : { place: top.findIndex((h) => h.id === handyman.id) + 1, count };
  const estimate = match ? estimateJob(request.taskType, match.price_per_hour) : null;
  const alternatives = match && current?.state === "offered" ? top.filter((h) => h.id !== match.id).slice(0, 2) : [];
  const status = match && current ? holderStatus(current, match.name, t, locale) : null;
  const strong = (chunks: React.ReactNode) => <strong>{chunks}</strong>;
  // The rating the ranking used, with the reviews (and the starting rating) it rests on.
  const ratingOf = (handyman: Handyman) => {
    const basis = ratings[handyman.id] as RatingBasis | undefined;
    return ratingWords(
      { rating: handyman.rating, startingRating: basis?.startingRating ?? null, reviewCount: basis?.reviewCount ?? 0 },
      locale,
      (key, values) => tJob(key, values),
    );
  };

  return (
    <div className={styles.stack}>
      {match ? (
        <Card as="section" aria-labelledby="match-heading" className={styles.match}>
          <div className={styles.avatar} aria-hidden="true">
            {match.name.slice(0, 1)}
          </div>
          <div>
            <p className={styles.eyebrow}>{t("arranging.eyebrow")}</p>
            <h2 id="match-heading" className={styles.matchName}>
              {match.name}
            </h2>
            <p>
              {t("arranging.takesCare", {
                pronoun: t(pronounFor(match.name) === "She" ? "arranging.pronounShe" : "arranging.pronounHe"),
                job,
                city,
              })}
            </p>
            <p className={styles.why}>
              <strong>{t("arranging.why", { name: match.name })}</strong> {whyIn(locale, t, standingOf(match), context)}
              {profiles ? (
                <>
                  {" "}
                  <Link href="/how-we-rank">{profiles.howWeRank}</Link>
                </>
              ) : null}
            </p>
            {profiles?.byId[match.id] ? (
              <p>
                <Link href={profiles.byId[match.id].href}>{profiles.byId[match.id].label}</Link>
              </p>
            ) : null}
            <ul className={styles.facts}>
              <li>
                {t.rich("arranging.rating", { rating: ratingOf(match), strong })}
              </li>
              <li>{t.rich("arranging.price", { price: formatHourlyPrice(match.price_per_hour, locale), strong })}</li>
            </ul>
            <p className={styles.hint}>{t("arranging.ratingSource")}</p>
            {estimate ? (
              <p className={styles.estimate}>
                {t.rich("arranging.estimate", {
                  range: formatPriceRange(estimate.low, estimate.high, locale),
                  typicalJob: typicalJobName(request.taskType, locale),
                  low: formatNumber(estimate.hours[0], locale),
                  high: formatNumber(estimate.hours[1], locale),
                  fee: formatWholeEuros(estimate.calloutFee, locale),
                  name: match.name,
                  strong,
                })}
              </p>
            ) : null}
            {status ? <p>{status}</p> : null}
          </div>
        </Card>
      ) : (
        <Alert tone="warning" title={t("arranging.nobodyTitle")}>
          <p>{t("arranging.nobodyText", { work: taskWorkName(request.taskType, locale), city })}</p>
          <LinkButton href={`/inputs/criteria/${request.id}`} variant="secondary">
            {t("arranging.chooseAnother")}
          </LinkButton>
        </Alert>
      )}

      {alternatives.length ? (
        <Card as="section" aria-labelledby="alternatives-heading" tone="flat">
          <h2 id="alternatives-heading" className={styles.sectionTitle}>
            {t("arranging.alternativesHeading", { count: alternatives.length })}
          </h2>
          <p className={styles.hint}>{t("arranging.alternativesHint", { name: match?.name ?? "" })}</p>
          <ul className={styles.alternatives}>
            {alternatives.map((other) => (
              <li key={other.id} className={styles.alternative}>
                <span>
                  <strong>{other.name}</strong>:{" "}
                  {t("arranging.alternative", { price: formatHourlyPrice(other.price_per_hour, locale), rating: ratingOf(other) })}{" "}
                  {whyIn(locale, t, standingOf(other), context)}
                  {profiles?.byId[other.id] ? (
                    <>
                      {" "}
                      <Link href={profiles.byId[other.id].href}>{profiles.byId[other.id].label}</Link>
                    </>
                  ) : null}
                </span>
                <PickHandymanForm
                  requestId={request.id}
                  handymanId={other.id}
                  name={other.name}
                  text={{ pick: t("arranging.pickInstead", { name: other.name }), unreachable: t("form.unreachable") }}
                />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <Card as="section" aria-labelledby="confirmed-request-heading" tone="flat">
        <h2 id="confirmed-request-heading" className={styles.sectionTitle}>
          {t("arranging.requestHeading")}
        </h2>
        <RequestSummary request={request} showCriterion />
      </Card>

      <div className={styles.actionsRow}>
        {match ? (
          <LinkButton href={`/inputs/criteria/${request.id}`} variant="secondary">
            {t("arranging.chooseAnother")}
          </LinkButton>
        ) : null}
        {current && current.state !== "submitted" ? (
          <Link href={`/dashboard/orders/${request.id}`} className={styles.followLink}>
            {t("arranging.follow")}
          </Link>
        ) : null}
        <LinkButton href="/dashboard/orders" variant="ghost">
          {t("arranging.allOrders")}
        </LinkButton>
      </div>
    </div>
  );
}
