"use client";
// /inputs/criteria/{inputId}: the request, and three ways to pick its handyman. The choice is saved
// first; only when the server answers 200 does the page, a second later, open the confirmation, which
// works the match out from the stored request.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { localizeHref, usePageLocale } from "@/components/i18n/link";
import { useEffect, useState } from "react";
import { useSessionUser } from "@/components/providers/session-user";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/button";
import { ApiRequestError, requestsApi } from "@/lib/api/client";
import { CRITERIA, type Criterion } from "@/lib/requests/catalogue";
import { criterionLabel } from "@/lib/requests/words";
import { queryKeys, rememberSavedRequest } from "./request-cache";
import { QueryError } from "@/components/ui/query-error";
import { useQueryErrorText } from "@/components/ui/use-query-error-text";
import { RequestSummary } from "./request-summary";
import styles from "./request.module.css";

/** How long "saved" stays on screen before the confirmation opens (the product's one second). */
const REDIRECT_DELAY_MS = 1000;

function arrangingUrl(requestId: string): string {
  return `/inputs/criteria/arranging?${new URLSearchParams({ input: requestId })}`;
}

export function CriteriaChooser({ requestId }: { requestId: string }) {
  const t = useTranslations("request.criteria");
  const locale = usePageLocale();
  const errorText = useQueryErrorText(t("yourRequest"));
  const user = useSessionUser();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [next, setNext] = useState<string | null>(null);

  const loaded = useQuery({ queryKey: queryKeys.request(requestId), queryFn: () => requestsApi.get(requestId) });
  const request = loaded.data;

  const save = useMutation({
    mutationFn: (criterion: Criterion) => {
      if (!request) throw new Error(t("notLoaded"));
      return requestsApi.chooseCriterion(requestId, { criterion, city: request.city, taskType: request.taskType });
    },
    onSuccess: async (saved) => {
      await rememberSavedRequest(queryClient, user.email, saved);
      setNext(localizeHref(locale, arrangingUrl(requestId)));
    },
  });

  useEffect(() => {
    if (!next) return;
    const timer = window.setTimeout(() => router.push(next), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [next, router]);

  if (loaded.isPending) {
    return (
      <p role="status" className={styles.loading}>
        {t("loading")}
      </p>
    );
  }
  if (loaded.isError) {
    if (loaded.error instanceof ApiRequestError && loaded.error.status === 404) {
      return (
        <Alert tone="error" title={t("notFoundTitle")}>
          <p>{t("notFoundText")}</p>
          <LinkButton href="/inputs" variant="secondary">
            {t("startNew")}
          </LinkButton>
        </Alert>
      );
    }
    return <QueryError error={loaded.error} onRetry={() => void loaded.refetch()} what={t("yourRequest")} text={errorText} />;
  }
  if (!request) return null;

  const busy = save.isPending || next !== null;

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
        <div className={styles.choices} role="group" aria-labelledby="choose-heading">
          {CRITERIA.map((criterion) => (
            <button
              key={criterion}
              type="button"
              className={styles.choice}
              aria-pressed={request.criterion === criterion}
              aria-describedby={`choice-${criterion}-hint`}
              disabled={busy}
              onClick={() => save.mutate(criterion)}
            >
              <span className={styles.choiceTitle}>{criterionLabel(criterion, locale)}</span>
              <span id={`choice-${criterion}-hint`} className={styles.choiceHint}>
                {t(`hints.${criterion}`)}
              </span>
            </button>
          ))}
        </div>
      </section>

      <p role="status" className={styles.statusLine}>
        {save.isPending ? t("saving") : next ? t("saved") : ""}
      </p>
      {save.isError ? (
        <Alert tone="error" title={t("notSavedTitle")}>
          <p>{t("chooseAgain", { reason: save.error.message })}</p>
        </Alert>
      ) : null}
    </div>
  );
}
