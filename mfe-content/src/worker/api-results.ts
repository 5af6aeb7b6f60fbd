import type { ApiResult } from "edge-api/client";

/** Stable codes of the failures this Worker raises; the shell turns them into an error page. */
export const contentErrorCodes = {
  apiFailed: "content_api_failed",
  badApiData: "content_bad_api_data",
} as const;
export type ContentErrorCode = (typeof contentErrorCodes)[keyof typeof contentErrorCodes];

export class ContentError extends Error {
  readonly code: ContentErrorCode;
  constructor(code: ContentErrorCode, message: string) {
    super(message);
    this.name = "ContentError";
    this.code = code;
  }
}

/**
 * 404 (no such thing) and 400 (a cursor the API rejects) both mean the reader asked for a
 * page that does not exist, so they become `null`; any other failure is ours and throws.
 */
export function dataOrMissing<T>(result: ApiResult<T>, what: string): T | null {
  if (result.ok) return result.data;
  if (result.status === 404 || result.status === 400) return null;
  throw new ContentError(
    contentErrorCodes.apiFailed,
    `edge-api ${what} failed: ${result.status} ${result.code}`,
  );
}
