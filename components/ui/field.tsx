// A labelled form control with an optional hint, a polite live note and an error message, tied
// together with aria-describedby / aria-invalid so screen readers read them with the field. The
// control itself is passed as a render function, which receives the id and aria attributes to spread:
//   <Field id="email" label="Email" error={errors.email}>
//     {(control) => <input {...control} name="email" className={controlClassName} />}
//   </Field>
import styles from "./field.module.css";

export type FieldControlProps = { id: string; "aria-describedby"?: string; "aria-invalid"?: true };

export type FieldProps = {
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: string;
  /**
   * A polite live message about something the form did to the value (announced, not an error). Pass
   * null while there is none, so the live region is already in place when a message arrives.
   */
  note?: string | null;
  children: (control: FieldControlProps) => React.ReactNode;
};

/** The look of a text input, select or textarea inside a Field. */
export const controlClassName = styles.control;

export function Field({ id, label, hint, error, note, children }: FieldProps) {
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

/** A tick box with its label beside it. */
export function CheckboxField({ id, label, ...input }: { id: string; label: React.ReactNode } & Omit<React.ComponentProps<"input">, "id" | "type">) {
  return (
    <div className={styles.check}>
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
