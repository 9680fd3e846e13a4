"use client";
// Shows the one-off notice named in the page's address (?notice=…, see lib/auth/notices.ts): on a page
// rendered on request it is in the first HTML; on a prerendered page (the home page) it appears once
// the page's script runs, so such a page needs it inside <Suspense>. `notices` gives the texts in the
// page's language (see ./page-notice.tsx); a notice without one is shown in English.
import { useSearchParams } from "next/navigation";
import { noticeText } from "@/lib/auth/notices";
import { Alert } from "@/components/ui/alert";

export function NoticeFromAddress({ className, notices }: { className?: string; notices?: Partial<Record<string, string>> }) {
  const key = useSearchParams().get("notice");
  const known = noticeText(key);
  const text = known && key ? (notices?.[key] ?? known) : null;
  return text ? (
    <Alert tone="success" className={className}>
      {text}
    </Alert>
  ) : null;
}
