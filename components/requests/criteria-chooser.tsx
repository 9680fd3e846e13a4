"use client";
// /inputs/criteria/{inputId}: the request, and three ways to pick its handyman, each with whom it would
// pick. The server hands over the request's shortlist (each criterion's first three, lib/requests/details.ts)
// and this component applies the spec's rule (lib/matching.ts) to it, in the browser as on the server's
// render, so the homeowner compares the picks before choosing; the shortlist holds each criterion's first,
// so the pick shown is the handyman the choice offers the request to. One click chooses: the choice is
// saved through POST /api/inputs/{id}/criteria, and only when it answers 200 does the page, a second later,
// open the confirmation. Without JavaScript the same buttons post the form to its server action.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useActionState, useEffect, useState } from "react";
import { localizeHref, usePageLocale } from "@/components/i18n/link";
import { useSessionUser } from "@/components/providers/session-user";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/button";
import type { Locale } from "@/i18n/locales";
import { requestsApi } from "@/lib/api/client";
import { formatHourlyPrice, formatRating, formatShortDay } from "@/lib/format";
import { picksFor, type Handyman } from "@/lib/matching";
import { CRITERIA, type Criterion } from "@/lib/requests/catalogue";
import type { CriteriaView } from "@/lib/requests/details";
import type { RepairRequest } from "@/lib/requests/schemas";
import { chooseCriterionAction } from "@/lib/requests/step-actions";
import { IDLE_STEP } from "@/lib/requests/step-form";
import { criterionLabel } from "@/lib/requests/words";
import { rememberSavedRequest } from "./request-cache";
import { RequestSummary } from "./request-summary";
import styles from "./request.module.css";

/** How long "saved" stays on screen before the confirmation opens (the product's one second). */
const REDIRECT_DELAY_MS = 1000;

type Translate = ReturnType<typeof useTranslations<"request.criteria">>;

function arrangingUrl(requestId: string): string {
  return `/inputs/criteria/arranging?${new URLSearchParams({ input: requestId })}`;
}

/** The line under a criterion: whom it picks, with what that criterion goes by, or nobody. */
function pickLine(criterion: Criterion, pick: Handyman | null, day: string, t: Translate, locale: Locale): string {
  if (criterion === "available") {
    return pick ? t("picks.available", { day, name: pick.name, price: formatHourlyPrice(pick.price_per_hour, locale) }) : t("picks.nobodyAvailable", { day });
  }
  if (!pick) return t("picks.nobody");
  if (criterion === "price") return t("picks.price", { name: pick.name, price: formatHourlyPrice(pick.price_per_hour, locale) });
  return pick.rating === null ? t("picks.ratedNew", { name: pick.name }) : t("picks.rated", { name: pick.name, rating: formatRating(pick.rating, locale) });
}

export function CriteriaChooser({ view }: { view: CriteriaView | null }) {
  const t = useTranslations("request.criteria");
  if (!view) {
    return (
      <Alert tone="error" title={t("notFoundTitle")}>
        <p>{t("notFoundText")}</p>
        <LinkButton href="/inputs" variant="secondary">
          {t("startNew")}
        </LinkButton>
      </Alert>
    );
  }
  return <Chooser request={view.request} shortlist={view.shortlist} />;
}

function Chooser({ request, shortlist }: { request: RepairRequest; shortlist: readonly Handyman[] }) {
  const t = useTranslations("request.criteria");
  const locale = usePageLocale();
  const user = useSessionUser();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [next, setNext] = useState<string | null>(null);
  // Without JavaScript the form posts here and the server renders the page again with a refusal (a
  // choice that went through redirects to the confirmation).
  const [posted, formAction] = useActionState(chooseCriterionAction, IDLE_STEP);
  // The spec's rule over the shortlist, here in the browser (and in the server's render of this component).
  const picks = picksFor({ city: request.city, task_type: request.taskType }, shortlist);
  const day = formatShortDay(request.date, locale);

  const save = useMutation({
    mutationFn: (criterion: Criterion) => requestsApi.chooseCriterion(request.id, { criterion, city: request.city, taskType: request.taskType }),
    onSuccess: async (saved) => {
      await rememberSavedRequest(queryClient, user.email, saved);
      setNext(localizeHref(locale, arrangingUrl(request.id)));
    },
  });

  useEffect(() => {
    if (!next) return;
    const timer = window.setTimeout(() => router.push(next), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [next, router]);

  const busy = save.isPending || next !== null;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const pressed = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
    const criterion = CRITERIA.find((c) => c === pressed);
    if (criterion && !busy) save.mutate(criterion);
  }

  return (
    <div className={styles.stack}>
      <Card as="section" aria-labelledby="request-heading">
        <h2 id="request-heading" className={styles.sectionTitle}>
          {t("requestHeading")}
        </h2>
        <RequestSummary request={request} />
      </Card>

      <section aria-labelledby="choose-heading">
        <h2 id="choose-heading" className={styles.sectionTitle}>
          {t("chooseHeading")}
        </h2>
        <form action={formAction} onSubmit={onSubmit} aria-labelledby="choose-heading">
          <input type="hidden" name="request_id" value={request.id} />
          <input type="hidden" name="city" value={request.city} />
          <input type="hidden" name="task_type" value={request.taskType} />
          <div className={styles.choices} role="group" aria-labelledby="choose-heading">
            {CRITERIA.map((criterion) => (
              <button
                key={criterion}
                type="submit"
                name="criteria"
                value={criterion}
                className={styles.choice}
                aria-pressed={request.criterion === criterion}
                disabled={busy}
              >
                <span className={styles.choiceTitle}>{criterionLabel(criterion, locale)}</span>
                <span className={styles.choiceHint}>{t(`hints.${criterion}`)}</span>
                <span className={styles.choicePick}>{pickLine(criterion, picks[criterion], day, t, locale)}</span>
              </button>
            ))}
          </div>
        </form>
      </section>

      <p role="status" className={styles.statusLine}>
        {save.isPending ? t("saving") : next ? t("saved") : ""}
      </p>
      {save.isError || posted.message ? (
        <Alert tone="error" title={t("notSavedTitle")}>
          <p>{t("chooseAgain", { reason: save.error?.message ?? posted.message ?? "" })}</p>
        </Alert>
      ) : null}
    </div>
  );
}
