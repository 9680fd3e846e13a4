// A message box. Errors are announced at once (role="alert"), successes politely (role="status").
import styles from "./alert.module.css";

export type AlertTone = "info" | "success" | "warning" | "error";

export type AlertProps = {
  tone?: AlertTone;
  title?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
  id?: string;
};

const roles: Record<AlertTone, "alert" | "status" | undefined> = {
  info: undefined,
  success: "status",
  warning: undefined,
  error: "alert",
};

export function Alert({ tone = "info", title, children, className, id }: AlertProps) {
  return (
    <div id={id} role={roles[tone]} className={[styles.alert, styles[tone], className].filter(Boolean).join(" ")}>
      {title ? <p className={styles.title}>{title}</p> : null}
      {children ? <div className={styles.body}>{children}</div> : null}
    </div>
  );
}
