// A labelled form control with an optional hint and an error message right below it, tied together
// with aria-describedby / aria-invalid so screen readers read them with the field.
import styles from "./request.module.css";

type ControlProps = { id: string; "aria-describedby"?: string; "aria-invalid"?: true };

export function Field({
  id,
  label,
  hint,
  error,
  note,
  children,
}: {
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: string;
  /**
   * A polite live message about something the form did to the value (announced, not an error). Pass
   * null while there is none, so the live region is already in place when a message arrives.
   */
  note?: string | null;
  children: (control: ControlProps) => React.ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const describedBy = [hintId, error ? errorId : undefined, note ? noteId : undefined].filter(Boolean).join(" ");
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({ id, "aria-describedby": describedBy || undefined, "aria-invalid": error ? true : undefined })}
      {note !== undefined ? (
        <p id={noteId} className={styles.note} role="status">
          {note ?? ""}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
