// The browser's calls to the request API. Every failure becomes an ApiRequestError carrying the
// server's plain-language message (or a generic one when the network itself failed).
import type { QueryClient } from "@tanstack/react-query";
import type { ChooseCriterionPayload, CreateInputPayload, InputRow } from "@/lib/validations/inputs";

export class ApiRequestError extends Error {
  constructor(
    message: string,
    /** 0 when no answer arrived at all. */
    readonly status: number,
    readonly code?: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

/** Worth another try: no answer, a server error, or "too many requests". Other 4xx will not change. */
export function isRetryableError(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      credentials: "same-origin",
      headers: { Accept: "application/json", ...(init?.body ? { "Content-Type": "application/json" } : {}) },
    });
  } catch {
    throw new ApiRequestError("We could not reach Fixwell. Check your connection and try again.", 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string; issues?: { path: string; message: string }[] } } | null)
      ?.error;
    throw new ApiRequestError(
      error?.message ?? `Something went wrong (error ${response.status}). Please try again.`,
      response.status,
      error?.code,
      error?.issues,
    );
  }
  return body as T;
}

const json = (payload: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(payload) });

export const inputsApi = {
  create: (payload: CreateInputPayload) => call<{ rows: InputRow[] }>("/api/inputs", json(payload)),
  listForUser: (email: string) => call<InputRow[]>(`/api/inputs/${encodeURIComponent(email)}`),
  get: (inputId: string) => call<InputRow[]>(`/api/input/${encodeURIComponent(inputId)}`),
  chooseCriterion: (inputId: string, payload: ChooseCriterionPayload) =>
    call<{ rows: InputRow[] }>(`/api/inputs/${encodeURIComponent(inputId)}/criteria`, json(payload)),
};

export const queryKeys = {
  inputsOf: (email: string) => ["inputs", email] as const,
  input: (inputId: string) => ["input", inputId] as const,
};

/**
 * Puts a request the server just stored or changed into the cache (its own entry and the user's list,
 * kept newest first), then marks the list for a fresh load, so no page shows it as it was before.
 */
export async function rememberSavedInput(queryClient: QueryClient, email: string, row: InputRow): Promise<void> {
  queryClient.setQueryData(queryKeys.input(row.input_id), [row]);
  queryClient.setQueryData<InputRow[]>(queryKeys.inputsOf(email), (rows) =>
    rows
      ? [row, ...rows.filter((other) => other.input_id !== row.input_id)].sort((a, b) =>
          b.created_at.localeCompare(a.created_at),
        )
      : rows,
  );
  await queryClient.invalidateQueries({ queryKey: queryKeys.inputsOf(email) });
}
