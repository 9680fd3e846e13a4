"use client";
// Shows the one-off notice named in the page's address (?notice=…, see lib/notices): on a page rendered
// on request it is in the first HTML; on a prerendered page (the home page) it appears once the page's
// script runs, so such a page needs it inside <Suspense>. `notices` are the texts in the page's
// language, handed down by ./page-notice.tsx.
import { useSearchParams } from "next/navigation";
import { isNoticeKey } from "@/lib/notices";
import { Alert } from "@/components/ui/alert";

export function NoticeFromAddress({ className, notices }: { className?: string; notices: Partial<Record<string, string>> }) {
  const key = useSearchParams().get("notice");
  const text = isNoticeKey(key) ? notices[key] : undefined;
  return text ? (
    <Alert tone="success" className={className}>
      {text}
    </Alert>
  ) : null;
}
