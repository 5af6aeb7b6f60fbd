import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody } from "../domain/api-types.ts";

/**
 * The API's error catalogue. Codes are a contract: clients and tests match on them,
 * never on message text. Statuses live here and nowhere else.
 */
export const apiErrorCatalogue = {
  not_found: { status: 404, message: "Nothing is published at this address." },
  invalid_request: { status: 400, message: "The request is malformed." },
  invalid_cursor: { status: 400, message: "The cursor is not one this API issued." },
  reserved_slug: { status: 409, message: "That slug is reserved for the site's own routes." },
  method_not_allowed: { status: 405, message: "This address only answers GET." },
  internal_error: { status: 500, message: "Something went wrong on our side." },
} as const satisfies Record<string, { status: ContentfulStatusCode; message: string }>;

export type ApiErrorCode = keyof typeof apiErrorCatalogue;

/** Thrown by handlers and guards; `onError` turns it into the catalogue's response. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;

  constructor(code: ApiErrorCode, message?: string) {
    super(message ?? apiErrorCatalogue[code].message);
    this.name = "ApiError";
    this.code = code;
  }

  get status(): ContentfulStatusCode {
    return apiErrorCatalogue[this.code].status;
  }
}

export function notFound(what: string): ApiError {
  return new ApiError("not_found", `${what} was not found.`);
}

export function errorBody(code: ApiErrorCode, message: string, requestId: string): ApiErrorBody {
  return { error: { code, message, requestId } };
}
