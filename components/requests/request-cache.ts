// The browser's cache of the signed-in user's repair requests: one entry per request and one list.
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { useSessionUser } from "@/components/providers/session-user";
import { requestsApi } from "@/lib/api/client";
import type { RepairRequest } from "@/lib/requests/schemas";

export const queryKeys = {
  requestsOf: (email: string) => ["requests", email] as const,
  request: (id: string) => ["request", id] as const,
};

/** The signed-in user's requests, newest first, loaded once and kept while the tab is open. */
export function useMyRequests() {
  const user = useSessionUser();
  return useQuery({ queryKey: queryKeys.requestsOf(user.email), queryFn: () => requestsApi.listForUser(user.email) });
}

/**
 * Puts a request the server just stored or changed into the cache (its own entry and the user's list,
 * kept newest first), then marks the list for a fresh load, so no page shows it as it was before.
 */
export async function rememberSavedRequest(queryClient: QueryClient, email: string, request: RepairRequest): Promise<void> {
  queryClient.setQueryData(queryKeys.request(request.id), request);
  queryClient.setQueryData<RepairRequest[]>(queryKeys.requestsOf(email), (requests) =>
    requests
      ? [request, ...requests.filter((other) => other.id !== request.id)].sort((a, b) =>
          b.createdAt.localeCompare(a.createdAt),
        )
      : requests,
  );
  await queryClient.invalidateQueries({ queryKey: queryKeys.requestsOf(email) });
}
