// The "Unexpected Application Error" screen shared by app/[locale]/error.tsx and app/global-error.tsx. It
// shows a status and a message. In production, errors from the server arrive with a generic message and a
// digest (Next.js strips the details), and the stack is never shown; in development it is, to help.
// Its words come from errors.screen in both languages: error boundaries are client components and
// the root layout gives them no messages. The way home is a plain link (a fresh load of the home page
// after an error), so the error screens, which every page loads with its scripts, bring no next/link.
import enErrors from "@/messages/en/errors.json";
import nlErrors from "@/messages/nl/errors.json";
import { localizeHref, usePageLocale } from "@/components/i18n/page-locale";
import { Button, buttonClassName } from "@/components/ui/button-base";
import type { Locale } from "@/i18n/locales";
import { SERVER_ERROR_MESSAGE, describeError } from "./describe-error";
import styles from "./error-screen.module.css";

const TEXT: Record<Locale, typeof enErrors.screen> = { en: enErrors.screen, nl: nlErrors.screen };
const GENERIC_MESSAGE = "Something went wrong.";

const fill = (template: string, name: string, value: string | number) => template.replace(`{${name}}`, String(value));

export function ErrorScreen({ error, onRetry, locale }: { error: unknown; onRetry?: () => void; locale?: Locale }) {
  const pageLocale = usePageLocale();
  const text = TEXT[locale ?? pageLocale];
  const home = localizeHref(locale ?? pageLocale, "/");
  const details = describeError(error);
  const message =
    details.message === SERVER_ERROR_MESSAGE ? text.serverMessage : details.message === GENERIC_MESSAGE ? text.genericMessage : details.message;
  return (
    <div className={`container ${styles.screen}`}>
      <title>{text.documentTitle}</title>
      <p className={styles.status}>{fill(text.status, "status", details.status)}</p>
      <h1>{text.title}</h1>
      <p className={styles.message}>{message}</p>
      {details.digest ? <p className={styles.reference}>{fill(text.reference, "digest", details.digest)}</p> : null}
      <p>{text.body}</p>
      <div className={styles.actions}>
        {onRetry ? <Button onClick={onRetry}>{text.retry}</Button> : null}
        <a href={home} className={buttonClassName({ variant: onRetry ? "secondary" : "primary" })}>
          {text.home}
        </a>
      </div>
      {details.stack ? <pre className={styles.stack}>{details.stack}</pre> : null}
    </div>
  );
}
