// The browser's one client for the API. Every failure becomes an ApiRequestError carrying the server's
// plain-language message (or a generic one when the network itself failed); repair requests travel in
// the application's shape, translated to and from the API's words by lib/requests/wire.ts.
import type { ErrorBody, ErrorIssue } from "./errors";
import type { CriterionChoice, NewRepairRequest, RepairRequest } from "../requests/schemas";
import type { RequestRow } from "../requests/wire";

export class ApiRequestError extends Error {
  constructor(
    message: string,
    /** 0 when no answer arrived at all. */
    readonly status: number,
    readonly code?: string,
    readonly issues?: ErrorIssue[],
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

/** Calls the API on this site: JSON in (when `payload` is given, as a POST), JSON out. */
async function callApi<T>(path: string, payload?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...(payload === undefined
        ? { headers: { Accept: "application/json" } }
        : {
            method: "POST",
            headers: { Accept: "application/json", "Content-Type": "application/json" },
            body: JSON.stringify(payload),
          }),
    });
  } catch {
    throw new ApiRequestError("We could not reach Fixwell. Check your connection and try again.", 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as Partial<ErrorBody> | null)?.error;
    throw new ApiRequestError(
      error?.message ?? `Something went wrong (error ${response.status}). Please try again.`,
      response.status,
      error?.code,
      error?.issues,
    );
  }
  return body as T;
}

/**
 * The API's field names and the checks of its answers (zod) load with the first call, not with every
 * signed-in page: the query provider and the request form import this module.
 */
const wire = () => import("../requests/wire");

export const requestsApi = {
  create: async ({ request, ownerEmail }: { request: NewRepairRequest; ownerEmail: string }): Promise<RepairRequest> => {
    const { fromSavedRequestBody, requestApiPaths, toCreateRequestPayload } = await wire();
    return fromSavedRequestBody(await callApi(requestApiPaths.create, toCreateRequestPayload(request, ownerEmail)));
  },
  listForUser: async (email: string): Promise<RepairRequest[]> => {
    const { fromRequestRow, requestApiPaths } = await wire();
    return (await callApi<RequestRow[]>(requestApiPaths.listForUser(email))).map(fromRequestRow);
  },
  get: async (id: string): Promise<RepairRequest> => {
    const { fromRequestRow, requestApiPaths } = await wire();
    const [row] = await callApi<RequestRow[]>(requestApiPaths.get(id));
    return fromRequestRow(row);
  },
  chooseCriterion: async (id: string, choice: CriterionChoice): Promise<RepairRequest> => {
    const { fromSavedRequestBody, requestApiPaths, toChooseCriterionBody } = await wire();
    return fromSavedRequestBody(await callApi(requestApiPaths.chooseCriterion(id), toChooseCriterionBody(choice)));
  },
};
