"use client";
// /inputs/criteria/arranging: the confirmation. It loads the user's requests, takes the one named in
// the URL (else the newest), and works the match out again from that request's stored criterion, so a
// reload – or a hand-edited handyman id in the URL – always shows what the matching rule says.
import { useQuery } from "@tanstack/react-query";
import { useSessionUser } from "@/components/providers/session-user";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/button";
import { formatHourlyPrice, matchHandyman, pronounFor } from "@/lib/matching";
import { TASK_TYPE_LABELS, type InputRow } from "@/lib/validations/inputs";
import { inputsApi, queryKeys } from "./api-client";
import { QueryError } from "./query-error";
import { RequestSummary } from "./request-summary";
import styles from "./request.module.css";

/** The request a confirmation is about: the one named, or else the newest by created_at. */
export function pickRequest(rows: InputRow[], inputId: string | undefined): InputRow | null {
  if (inputId) return rows.find((row) => row.input_id === inputId) ?? null;
  return rows.reduce<InputRow | null>((newest, row) => (!newest || row.created_at > newest.created_at ? row : newest), null);
}

export function ArrangingResult({ inputId }: { inputId?: string }) {
  const user = useSessionUser();
  const requests = useQuery({ queryKey: queryKeys.inputsOf(user.email), queryFn: () => inputsApi.listForUser(user.email) });

  if (requests.isPending) {
    return (
      <p role="status" className={styles.loading}>
        Loading…
      </p>
    );
  }
  if (requests.isError) {
    return <QueryError error={requests.error} onRetry={() => void requests.refetch()} what="your request" />;
  }

  const input = pickRequest(requests.data, inputId);
  if (!input) {
    return (
      <Alert tone="info" title="There is nothing to confirm yet.">
        <p>Tell us about the job first, and we will find you a handyman.</p>
        <LinkButton href="/inputs">Make a request</LinkButton>
      </Alert>
    );
  }
  if (!input.criteria) {
    return (
      <Alert tone="info" title="Choose how to pick your handyman.">
        <p>Your request is saved, but you have not chosen how we should pick a handyman for it yet.</p>
        <LinkButton href={`/inputs/criteria/${input.input_id}`}>Choose a criterion</LinkButton>
      </Alert>
    );
  }

  const match = matchHandyman({ criteria: input.criteria, city: input.city, task_type: input.task_type });
  const task = TASK_TYPE_LABELS[input.task_type];

  return (
    <div className={styles.stack}>
      {match ? (
        <Card as="section" aria-labelledby="match-heading" className={styles.match}>
          <div className={styles.avatar} aria-hidden="true">
            {match.name.slice(0, 1)}
          </div>
          <div>
            <p className={styles.eyebrow}>Your handyman</p>
            <h2 id="match-heading" className={styles.matchName}>
              {match.name}
            </h2>
            <p>
              {pronounFor(match.name)} will take care of your {task.toLowerCase()} job in {input.city}.
            </p>
            <ul className={styles.facts}>
              <li>
                Rating: <strong>{match.rating.toFixed(1)}</strong> out of 5
              </li>
              <li>
                Price: <strong>{formatHourlyPrice(match.price_per_hour)}</strong>
              </li>
            </ul>
          </div>
        </Card>
      ) : (
        <Alert tone="warning" title="Nobody is available right now.">
          <p>
            No handyman is available for {task.toLowerCase()} in {input.city} at the moment. Another criterion may still
            find someone.
          </p>
          <LinkButton href={`/inputs/criteria/${input.input_id}`} variant="secondary">
            Choose another criterion
          </LinkButton>
        </Alert>
      )}

      <Card as="section" aria-labelledby="confirmed-request-heading" tone="flat">
        <h2 id="confirmed-request-heading" className={styles.sectionTitle}>
          Your request
        </h2>
        <RequestSummary input={input} showCriterion />
      </Card>

      <div className={styles.actionsRow}>
        {match ? (
          <LinkButton href={`/inputs/criteria/${input.input_id}`} variant="secondary">
            Choose another criterion
          </LinkButton>
        ) : null}
        <LinkButton href="/dashboard/orders" variant="ghost">
          See all orders
        </LinkButton>
      </div>
    </div>
  );
}
