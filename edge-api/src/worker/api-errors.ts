import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody } from "../contract/content-contract.ts";
import type { WeakPasswordReason } from "../contract/account-contract.ts";

/**
 * The API's error catalogue. Codes are a contract: clients and tests match on them,
 * never on message text. Statuses live here and nowhere else.
 */
export const apiErrorCatalogue = {
  not_found: { status: 404, message: "Nothing is published at this address." },
  invalid_request: { status: 400, message: "The request is malformed." },
  invalid_cursor: { status: 400, message: "The cursor is not one this API issued." },
  reserved_slug: { status: 409, message: "That slug is reserved for the site's own routes." },
  method_not_allowed: { status: 405, message: "This address does not answer that method." },
  weak_password: { status: 400, message: "Choose a different password." },
  invalid_token: { status: 400, message: "This link is invalid or has expired." },
  invalid_credentials: { status: 401, message: "That email and password do not match." },
  unauthorized: { status: 401, message: "Sign in to continue." },
  invalid_session: { status: 401, message: "Your session has ended; sign in again." },
  forbidden: { status: 403, message: "You may not do that." },
  conflict: { status: 409, message: "That conflicts with the current state." },
  payload_too_large: { status: 413, message: "The request body is too large." },
  rate_limited: { status: 429, message: "Too many attempts; try again later." },
  // The newsroom (issue 13).
  second_factor_required: {
    status: 401,
    message: "Enter the code from your authenticator app to use the newsroom.",
  },
  invalid_code: { status: 400, message: "That code is not right, or it was already used." },
  stale_revision: {
    status: 409,
    message: "Someone else changed this story since you opened it.",
  },
  slug_taken: { status: 409, message: "That slug is already in use." },
  staff_member: {
    status: 409,
    message:
      "Members of the newsroom's staff cannot delete their account. Ask an admin to remove you from the staff first.",
  },
  gone: { status: 410, message: "This article has been withdrawn." },
  invalid_story: { status: 422, message: "The story has a field that is not right." },
  invalid_link: {
    status: 422,
    message: "Links must start with http://, https://, mailto: or / (a page of this site).",
  },
  // The front page and the banner (issue 16, decision 0020).
  invalid_front_page: {
    status: 422,
    message: "The front page names a story or section that cannot go there.",
  },
  invalid_banner: { status: 422, message: "The banner has a field that is not right." },
  // The live blog (issue 16, decision 0021): an update with no text, too many or too long
  // paragraphs.
  invalid_update: { status: 422, message: "The live update is not right." },
  // The mail provider's webhook (routes/mail-event-routes.ts): only bounces and complaints.
  unsupported_event: { status: 422, message: "That event type is not one this site handles." },
  // A secret a feature needs is missing or malformed (worker-secrets.ts): that feature only.
  service_unavailable: {
    status: 503,
    message: "This is unavailable just now. Please try again later.",
  },
  // The media library (issue 16, media-contract.ts).
  unsupported_media: {
    status: 415,
    message: "That file is not a photograph: upload a JPEG, PNG, WebP or AVIF image.",
  },
  invalid_media: { status: 422, message: "The photograph cannot be used as it is." },
  // The print desk (issue 17, print-desk-contract.ts).
  invalid_template: { status: 422, message: "The print template is not right." },
  invalid_books: { status: 422, message: "The edition's books are not right." },
  invalid_settings: { status: 422, message: "The days without a paper are not right." },
  edition_exists: { status: 409, message: "That date already has an edition." },
  date_in_past: { status: 422, message: "That date is in the past." },
  no_edition_day: { status: 422, message: "There is no paper on that day." },
  invalid_placements: { status: 422, message: "A story cannot go on that page as it is." },
  not_ready: { status: 422, message: "The edition is not ready to publish." },
  // Imports (issue 18, import-contract.ts): the file's refusals are import-file.ts's codes.
  length_required: {
    status: 411,
    message: "Send the file's length (Content-Length) with the upload.",
  },
  file_too_large: { status: 413, message: "The export file is too large." },
  not_an_export: { status: 422, message: "The file is not an export this importer reads." },
  truncated: { status: 422, message: "The export file is cut off before its end." },
  dtd_refused: { status: 422, message: "The export file declares a DTD, which is refused." },
  unreadable: { status: 422, message: "The export file cannot be read." },
  invalid_site_url: { status: 422, message: "The old site's address is not right." },
  import_running: { status: 409, message: "This import is already queued or running." },
  import_done: { status: 409, message: "This import is done." },
  internal_error: { status: 500, message: "Something went wrong on our side." },
} as const satisfies Record<string, { status: ContentfulStatusCode; message: string }>;

export type ApiErrorCode = keyof typeof apiErrorCatalogue;

export type { WeakPasswordReason };

/** What some errors add: a machine-readable reason in the body, or response headers. */
export interface ApiErrorExtras {
  reason?: WeakPasswordReason;
  /** `invalid_story`, `invalid_link`, `slug_taken`…: the story field that is wrong. */
  field?: string;
  headers?: Record<string, string>;
}

/** Thrown by handlers and guards; `onError` turns it into the catalogue's response. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly extras: ApiErrorExtras;

  constructor(code: ApiErrorCode, message?: string, extras: ApiErrorExtras = {}) {
    super(message ?? apiErrorCatalogue[code].message);
    this.name = "ApiError";
    this.code = code;
    this.extras = extras;
  }

  get status(): ContentfulStatusCode {
    return apiErrorCatalogue[this.code].status;
  }
}

export function notFound(what: string): ApiError {
  return new ApiError("not_found", `${what} was not found.`);
}

export function weakPassword(reason: WeakPasswordReason, message: string): ApiError {
  return new ApiError("weak_password", message, { reason });
}

export function rateLimited(retryAfterSeconds: number, message?: string): ApiError {
  return new ApiError("rate_limited", message, {
    headers: { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}

export function errorBody(
  code: ApiErrorCode,
  message: string,
  requestId: string,
  reason?: WeakPasswordReason,
  field?: string,
): ApiErrorBody {
  return {
    error: {
      code,
      ...(reason ? { reason } : {}),
      ...(field ? { field } : {}),
      message,
      requestId,
    },
  };
}
