"use client";
// The copyright year. Pages are prerendered at build time, so the server can only know the build's
// year: that is the `renderedYear` prop, and the markup the browser first receives. After hydration
// the browser's clock takes over, so a page built in December still says the right year in January.
// Both are four digits in tabular figures, so the swap never moves anything.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};
const currentYear = () => new Date().getFullYear();

export function CurrentYear({ renderedYear }: { renderedYear: number }) {
  const year = useSyncExternalStore(subscribe, currentYear, () => renderedYear);
  return <time dateTime={String(year)}>{year}</time>;
}
