"use client";
// The browser's query cache for the signed-in pages. As the product asks: data is never stale and never
// evicted while the tab is open (the pages refresh it themselves after a change), and a failed read is
// retried three times, waiting 1 s, 2 s, 4 s … (at most 30 s). Answers that cannot improve on a retry
// (401, 403, 404, other 4xx) are not retried, so their message appears at once.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { isRetryableError } from "@/lib/api/client";

const QUERY_RETRIES = 3;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: Infinity,
        retry: (failureCount, error) => failureCount < QUERY_RETRIES && isRetryableError(error),
        retryDelay,
      },
    },
  });
}

export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(makeQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
