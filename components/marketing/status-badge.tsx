import type { SystemState } from "@/lib/content/statuses";
import styles from "./marketing.module.css";

/** A service's state as words with a matching icon; colour only repeats what the text says. */
export function StatusBadge({ state, label }: { state: SystemState; label: string }) {
  return (
    <span className={`${styles.badge} ${styles[`badge-${state}`]}`}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        {state === "operational" ? (
          <path d="m3.5 8.5 3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <>
            <circle cx="8" cy="8" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
            <path d="M8 5v3.25l2 1.25" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          </>
        )}
      </svg>
      {label}
    </span>
  );
}
