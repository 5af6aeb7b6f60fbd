import { ApiContractError, type ApiResult } from "edge-api/client";
import { ContentError } from "./fragment-errors.ts";

/**
 * 404 (no such thing) and 400 (a cursor the API rejects) both mean the reader asked for a
 * page that does not exist, so they become `null`; any other failure is the API's and throws.
 */
export function dataOrMissing<T>(result: ApiResult<T>, what: string): T | null {
  if (result.ok) return result.data;
  if (result.status === 404 || result.status === 400) return null;
  throw new ContentError(
    "api_unavailable",
    `edge-api ${what} failed: ${result.status} ${result.code}`,
  );
}

/**
 * A failure as this Worker's catalogue names it: the client's `ApiContractError` (an answer
 * that breaks edge-api's contract) is `bad_api_data`; anything else is returned as it came.
 */
export function asContentError(error: unknown): unknown {
  return error instanceof ApiContractError
    ? new ContentError("bad_api_data", error.message)
    : error;
}
