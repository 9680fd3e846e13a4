"use client";
// What a page shows instead of data that could not be loaded: the reason in one line and a retry.
// `text` gives the words in the page's language (English without it).
import { Alert } from "./alert";
import { Button } from "./button";
import styles from "./query-error.module.css";

export type QueryErrorText = { title: string; fallback: string; retry: string };

const ENGLISH = (what: string): QueryErrorText => ({ title: `We could not load ${what}.`, fallback: "Something went wrong.", retry: "Try again" });

export function QueryError({ error, onRetry, what, text }: { error: unknown; onRetry: () => void; what: string; text?: QueryErrorText }) {
  const words = text ?? ENGLISH(what);
  const reason = error instanceof Error ? error.message : words.fallback;
  return (
    <Alert tone="error" title={words.title}>
      <p>{reason}</p>
      <Button variant="secondary" onClick={onRetry} className={styles.retry}>
        {words.retry}
      </Button>
    </Alert>
  );
}
