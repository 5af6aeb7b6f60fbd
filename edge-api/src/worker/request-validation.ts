import { validator } from "hono/validator";
import { z } from "zod";
import { decodeCursor } from "../domain/article-cursor.ts";
import type { ArticleCursor } from "../domain/article-cursor.ts";
import { isCalendarDate } from "../domain/publication-dates.ts";
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from "../domain/section-slugs.ts";
import { MAX_MEDIA_BYTES } from "../contract/media-contract.ts";
import { IMPORT_FILE_MAX_BYTES } from "../import/import-file.ts";
import { ApiError } from "./api-errors.ts";
import type { ArticlePageRequest } from "./article-listing.ts";
import type { ApiErrorCode } from "./api-errors.ts";

/**
 * Path parameters that cannot name anything answer 404 (the address names nothing);
 * malformed query strings answer 400 (the caller sent a bad request).
 */
/** Largest request body any route reads (SECURITY 23); larger ones get 413. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * A story's fields with its whole body: the story desk's writes (create, save) may be this
 * large, as the shell's newsroom forms; nothing else may.
 */
export const MAX_STORY_BODY_BYTES = 512 * 1024;
const STORY_WRITE = /^\/api\/newsroom\/stories(?:\/[^/]+)?\/?$/;

const MEDIA_UPLOAD = /^\/api\/newsroom\/media\/?$/;
const IMPORT_UPLOAD = /^\/api\/newsroom\/imports\/?$/;

/**
 * The body limit of a request: the story desk's writes get the larger one, a photograph's
 * upload (the raw image, decision 0022) MAX_MEDIA_BYTES.
 */
export function bodyLimitOf(method: string, path: string): number {
  if (method === "POST" && MEDIA_UPLOAD.test(path)) return MAX_MEDIA_BYTES;
  // An import's export (issue 18) streams into R2; its route checks the length again.
  if (method === "POST" && IMPORT_UPLOAD.test(path)) return IMPORT_FILE_MAX_BYTES;
  return (method === "POST" || method === "PUT") && STORY_WRITE.test(path)
    ? MAX_STORY_BODY_BYTES
    : MAX_BODY_BYTES;
}

export const slugSchema = z.string().max(MAX_SLUG_LENGTH).regex(SLUG_PATTERN);
export const calendarDateSchema = z.string().length(10).refine(isCalendarDate);

/**
 * Schemas output strings, not decoded values: Hono derives the typed client's input from
 * the validator's output, so a decoded cursor would leak into the client's types.
 */
export const cursorSchema = z.string().refine((value) => decodeCursor(value) !== null);

/** `?before=` or `?after=` is the only query a listing accepts; anything else is refused. */
export const listingQuerySchema = z.strictObject({
  before: cursorSchema.optional(),
  after: cursorSchema.optional(),
});
export const noQuerySchema = z.strictObject({});

type Target = "param" | "query" | "json";

function failureCode(target: Target, issues: z.core.$ZodIssue[]): ApiErrorCode {
  if (target === "param") return "not_found";
  if (target === "json") return "invalid_request";
  const cursorIssue = issues.some(
    (issue) =>
      issue.path[0] === "before" || issue.path[0] === "after" || issue.path[0] === "cursor",
  );
  return cursorIssue ? "invalid_cursor" : "invalid_request";
}

/** A decoded cursor of a validated query (the schema already refused a malformed one). */
function decodedCursor(value: string): ArticleCursor {
  const cursor = decodeCursor(value);
  if (!cursor) throw new ApiError("invalid_cursor");
  return cursor;
}

/** The page a validated listing query asks for; `before` with `after` is a 400. */
export function listingPageFromQuery(query: {
  before?: string | undefined;
  after?: string | undefined;
}): ArticlePageRequest {
  const { before, after } = query;
  if (before !== undefined && after !== undefined) {
    throw new ApiError(
      "invalid_request",
      "Ask for older articles (before) or newer ones (after), not both.",
    );
  }
  if (before !== undefined) return { before: decodedCursor(before) };
  if (after !== undefined) return { after: decodedCursor(after) };
  return {};
}

/**
 * Hono validator backed by a zod schema; failures throw catalogue errors. JSON bodies use
 * strict objects, so unknown fields (`role`, `id`, `__proto__`) are refused, never applied;
 * a body that is not `application/json` validates as `{}` and fails the same way.
 */
export function validate<T extends Target, Schema extends z.ZodType>(target: T, schema: Schema) {
  return validator(target, (value): z.output<Schema> => {
    const result = schema.safeParse(value);
    if (!result.success) {
      const code = failureCode(target, result.error.issues);
      throw new ApiError(code);
    }
    return result.data;
  });
}
