import { ApiContractError, type ApiResult } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import type { z } from "zod";
import { ContentError } from "./fragment-errors.ts";
import { readListingRequest, type ListingPage } from "./route-params.ts";

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
 * The first half of every listing loader (section, category, author, tag): the route's
 * parameters and `?before=` or `?after=` cursor, then the page's data from the API. Null is not
 * found: an address that can never name a page (the API is not asked), or the API's 404 or 400.
 */
export async function loadListing<Params, Data>(
  request: Pick<FragmentRequest, "params" | "search">,
  schema: z.ZodType<Params>,
  what: string,
  load: (params: Params, page: ListingPage) => Promise<ApiResult<Data>>,
): Promise<{ params: Params; page: ListingPage; data: Data } | null> {
  const listing = readListingRequest(request, schema);
  if (!listing) return null;
  const data = dataOrMissing(await load(listing.params, listing.page), what);
  return data === null ? null : { ...listing, data };
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
