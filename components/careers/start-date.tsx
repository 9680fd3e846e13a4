import { formatStartDate } from "@/lib/careers/format";

/** A start date in Dutch notation, with the machine-readable date alongside. */
export function StartDate({ date }: { date: string }) {
  return (
    <time dateTime={date} lang="nl">
      {formatStartDate(date)}
    </time>
  );
}
