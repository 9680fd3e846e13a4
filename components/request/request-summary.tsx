// The facts of one request, as a description list. Details are rendered as text, never as HTML.
import { CRITERION_LABELS, TASK_TYPE_LABELS, type InputRow } from "@/lib/validations/inputs";
import { formatDay, formatMoment } from "./format";
import styles from "./request.module.css";

export function RequestSummary({ input, showCriterion = false, showCreated = false }: { input: InputRow; showCriterion?: boolean; showCreated?: boolean }) {
  return (
    <dl className={styles.summaryList}>
      <div>
        <dt>Task</dt>
        <dd>{TASK_TYPE_LABELS[input.task_type]}</dd>
      </div>
      <div>
        <dt>City</dt>
        <dd>{input.city}</dd>
      </div>
      <div>
        <dt>Preferred date</dt>
        <dd>
          <time dateTime={input.date}>{formatDay(input.date)}</time>
        </dd>
      </div>
      {showCriterion ? (
        <div>
          <dt>Criterion</dt>
          <dd>{input.criteria ? CRITERION_LABELS[input.criteria] : "Not chosen yet"}</dd>
        </div>
      ) : null}
      {showCreated ? (
        <div>
          <dt>Requested</dt>
          <dd>
            <time dateTime={input.created_at}>{formatMoment(input.created_at)}</time>
          </dd>
        </div>
      ) : null}
      <div className={styles.summaryWide}>
        <dt>Details</dt>
        <dd className={styles.details}>{input.details || "No details given."}</dd>
      </div>
    </dl>
  );
}
