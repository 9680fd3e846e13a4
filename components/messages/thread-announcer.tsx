"use client";
// The newest page of a thread as it changes (it is read again on each event, ./thread-live.tsx): a message
// that was not on the page before is scrolled into view just above the composer, and one from the other
// side is read out by screen readers through a polite live region — only the new ones, never the list.
// What loaded with the page is neither scrolled to nor announced.
import { useEffect, useRef, useState } from "react";
import { COMPOSER_ID, messageBodyId, messageElementId } from "./thread-ids";

/** Room left between a message scrolled to and the composer below it. */
const GAP_PX = 16;

export function ThreadAnnouncer({ messages, newFrom }: { messages: { id: string; mine: boolean }[]; newFrom: string }) {
  const seen = useRef<Set<string> | null>(null);
  const [said, setSaid] = useState<string[]>([]);
  // The messages as one value, so a page read again with the same messages changes nothing.
  const key = messages.map(({ id, mine }) => `${id}${mine ? "+" : "-"}`).join(",");

  useEffect(() => {
    const shown = key === "" ? [] : key.split(",").map((entry) => ({ id: entry.slice(0, -1), mine: entry.endsWith("+") }));
    if (seen.current === null) {
      seen.current = new Set(shown.map(({ id }) => id));
      return;
    }
    const known = seen.current;
    const fresh = shown.filter(({ id }) => !known.has(id));
    if (fresh.length === 0) return;
    for (const { id } of fresh) known.add(id);
    const last = document.getElementById(messageElementId(fresh[fresh.length - 1].id));
    if (last) {
      const composer = document.getElementById(COMPOSER_ID);
      last.style.scrollMarginBottom = `${(composer?.offsetHeight ?? 0) + GAP_PX}px`;
      last.scrollIntoView({ block: "nearest" });
    }
    const theirs = fresh.filter(({ mine }) => !mine).map(({ id }) => document.getElementById(messageBodyId(id))?.textContent ?? "");
    if (theirs.length > 0) setSaid(theirs);
  }, [key]);

  return (
    <div aria-live="polite" className="visually-hidden" data-testid="thread-announcement">
      {said.map((text, index) => (
        <p key={index}>
          {newFrom} {text}
        </p>
      ))}
    </div>
  );
}
