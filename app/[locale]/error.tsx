"use client";
// The error boundary for every page below the root layout: the header and footer stay in place.
import { ErrorScreen } from "@/components/layout/error-screen";

export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorScreen error={error} onRetry={retry} />;
}
