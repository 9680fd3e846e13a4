"use client";
// /inputs/criteria/{inputId}: the request, and three ways to pick its handyman. The choice is saved
// first; only when the server answers 200 does the page, a second later, show the match, which is
// computed here in the browser from the sample list and carried in the confirmation's URL.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useSessionUser } from "@/components/providers/session-user";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/button";
import { matchHandyman } from "@/lib/matching";
import { CRITERIA, CRITERION_LABELS, type Criterion } from "@/lib/validations/inputs";
import { ApiRequestError, inputsApi, queryKeys, rememberSavedInput } from "./api-client";
import { QueryError } from "./query-error";
import { RequestSummary } from "./request-summary";
import styles from "./request.module.css";

/** How long "saved" stays on screen before the confirmation opens (the product's one second). */
export const REDIRECT_DELAY_MS = 1000;

const CRITERION_HINTS: Record<Criterion, string> = {
  price: "The lowest hourly price for this job in your city.",
  rated: "The highest rating from earlier customers.",
  available: "Someone who is free to start now.",
};

export function arrangingUrl(inputId: string, handymanId: number | null): string {
  const query = new URLSearchParams({ input: inputId, handyman: handymanId === null ? "none" : String(handymanId) });
  return `/inputs/criteria/arranging?${query}`;
}

export function CriteriaChooser({ inputId }: { inputId: string }) {
  const user = useSessionUser();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [next, setNext] = useState<string | null>(null);

  const request = useQuery({ queryKey: queryKeys.input(inputId), queryFn: () => inputsApi.get(inputId) });
  const input = request.data?.[0];

  const save = useMutation({
    mutationFn: (criteria: Criterion) => {
      if (!input) throw new Error("The request is not loaded yet.");
      return inputsApi.chooseCriterion(inputId, { criteria, city: input.city, task_type: input.task_type });
    },
    onSuccess: async ({ rows }, criteria) => {
      const [saved] = rows;
      await rememberSavedInput(queryClient, user.email, saved);
      const match = matchHandyman({ criteria, city: saved.city, task_type: saved.task_type });
      setNext(arrangingUrl(inputId, match?.id ?? null));
    },
  });

  useEffect(() => {
    if (!next) return;
    const timer = window.setTimeout(() => router.push(next), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [next, router]);

  if (request.isPending) {
    return (
      <p role="status" className={styles.loading}>
        Loading your request…
      </p>
    );
  }
  if (request.isError) {
    if (request.error instanceof ApiRequestError && request.error.status === 404) {
      return (
        <Alert tone="error" title="We could not find that request.">
          <p>It may belong to another account, or the link is incomplete.</p>
          <LinkButton href="/inputs" variant="secondary">
            Start a new request
          </LinkButton>
        </Alert>
      );
    }
    return <QueryError error={request.error} onRetry={() => void request.refetch()} what="your request" />;
  }
  if (!input) return null;

  const busy = save.isPending || next !== null;

  return (
    <div className={styles.stack}>
      <Card as="section" aria-labelledby="request-heading">
        <h2 id="request-heading" className={styles.sectionTitle}>
          Your request
        </h2>
        <RequestSummary input={input} />
      </Card>

      <section aria-labelledby="choose-heading">
        <h2 id="choose-heading" className={styles.sectionTitle}>
          How should we pick your handyman?
        </h2>
        <div className={styles.choices} role="group" aria-labelledby="choose-heading">
          {CRITERIA.map((criterion) => (
            <button
              key={criterion}
              type="button"
              className={styles.choice}
              aria-pressed={input.criteria === criterion}
              aria-describedby={`choice-${criterion}-hint`}
              disabled={busy}
              onClick={() => save.mutate(criterion)}
            >
              <span className={styles.choiceTitle}>{CRITERION_LABELS[criterion]}</span>
              <span id={`choice-${criterion}-hint`} className={styles.choiceHint}>
                {CRITERION_HINTS[criterion]}
              </span>
            </button>
          ))}
        </div>
      </section>

      <p role="status" className={styles.statusLine}>
        {save.isPending ? "Saving your choice…" : next ? "Saved. Finding your handyman…" : ""}
      </p>
      {save.isError ? (
        <Alert tone="error" title="Your choice was not saved.">
          <p>{save.error.message} Please choose again.</p>
        </Alert>
      ) : null}
    </div>
  );
}
