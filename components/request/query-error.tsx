"use client";
// What a page shows instead of data that could not be loaded: the reason in one line and a retry.
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import styles from "./request.module.css";

export function QueryError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  const reason = error instanceof Error ? error.message : "Something went wrong.";
  return (
    <Alert tone="error" title={`We could not load ${what}.`}>
      <p>{reason}</p>
      <Button variant="secondary" onClick={onRetry} className={styles.retry}>
        Try again
      </Button>
    </Alert>
  );
}
