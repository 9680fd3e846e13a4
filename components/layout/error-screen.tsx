// The "Unexpected Application Error" screen shared by app/error.tsx and app/global-error.tsx. It shows
// a status and a message. In production, errors from the server arrive with a generic message and a
// digest (Next.js strips the details), and the stack is never shown; in development it is, to help.
import Link from "next/link";
import { describeError } from "./describe-error";
import styles from "./error-screen.module.css";

export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const details = describeError(error);
  return (
    <div className={`container ${styles.screen}`}>
      <title>Unexpected Application Error – Fixwell</title>
      <p className={styles.status}>Error {details.status}</p>
      <h1>Unexpected Application Error</h1>
      <p className={styles.message}>{details.message}</p>
      {details.digest ? <p className={styles.reference}>Reference: {details.digest}</p> : null}
      <p>Sorry, this page could not be shown. Please try again, or go back to the home page.</p>
      <div className={styles.actions}>
        {onRetry ? (
          <button type="button" className={styles.primary} onClick={onRetry}>
            Try again
          </button>
        ) : null}
        <Link href="/" className={onRetry ? styles.secondary : styles.primary}>
          Go to the home page
        </Link>
      </div>
      {details.stack ? <pre className={styles.stack}>{details.stack}</pre> : null}
    </div>
  );
}
