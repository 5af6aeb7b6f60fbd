import { z } from "zod";
import { SEARCH_SORTS } from "../contract/search-contract.ts";
import type { SearchFilters, SearchSort } from "../contract/search-contract.ts";
import { addDays, isCalendarDate, startOfDateInTimeZone } from "../domain/publication-dates.ts";
import { decodeSearchCursor, MAX_QUERY_LENGTH } from "../domain/search-query.ts";
import type { SearchCursor } from "../domain/search-query.ts";
import { SLUG_PATTERN, MAX_SLUG_LENGTH } from "../domain/section-slugs.ts";
import { ApiError } from "./api-errors.ts";

/**
 * The query string of `GET /api/search`, read into what the search runs with. Every parameter
 * is a plain string here and checked below, so each bad one gets a message that names it;
 * unknown or repeated parameters are refused by the schema (400).
 */
export const searchQuerySchema = z.strictObject({
  q: z.string().optional(),
  cursor: z.string().optional(),
  section: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  sort: z.string().optional(),
});
export type RawSearchQuery = z.output<typeof searchQuerySchema>;

export interface SearchRequest {
  /** What the reader typed, trimmed and cut to `MAX_QUERY_LENGTH`. */
  query: string;
  /** The filters as the answer echoes them. */
  filters: SearchFilters;
  sort: SearchSort;
  cursor: SearchCursor | undefined;
  /** Publication times in [from, until): `from`'s midnight to the midnight after `to`. */
  from: Date | undefined;
  until: Date | undefined;
}

function calendarDate(name: "from" | "to", value: string | undefined): string | null {
  if (value === undefined || value === "") return null;
  if (!isCalendarDate(value)) {
    throw new ApiError("invalid_request", `${name} must be a date written YYYY-MM-DD.`);
  }
  return value;
}

function sortOf(value: string | undefined): SearchSort {
  if (value === undefined || value === "") return "relevance";
  const sort = SEARCH_SORTS.find((known) => known === value);
  if (!sort) throw new ApiError("invalid_request", "sort must be relevance or newest.");
  return sort;
}

function sectionSlug(value: string | undefined): string | null {
  if (value === undefined || value === "") return null;
  if (value.length > MAX_SLUG_LENGTH || !SLUG_PATTERN.test(value)) {
    throw new ApiError("invalid_request", "section must be a section's slug.");
  }
  return value;
}

/**
 * Reads a validated search query. Empty values count as absent, as an HTML form sends its
 * unset fields. Dates are calendar days in `timeZone` (the publication's), both inclusive.
 */
export function readSearchRequest(raw: RawSearchQuery, timeZone: string): SearchRequest {
  const sort = sortOf(raw.sort);
  const cursor = raw.cursor === undefined ? undefined : decodeSearchCursor(raw.cursor);
  if (cursor === null) throw new ApiError("invalid_cursor");
  if (cursor && cursor.sort !== sort) {
    throw new ApiError(
      "invalid_cursor",
      `That cursor pages a search sorted by ${cursor.sort}, not by ${sort}.`,
    );
  }
  const from = calendarDate("from", raw.from);
  const to = calendarDate("to", raw.to);
  if (from !== null && to !== null && from > to) {
    throw new ApiError(
      "invalid_request",
      `The dates are the wrong way round: from (${from}) is after to (${to}).`,
    );
  }
  return {
    query: (raw.q ?? "").trim().slice(0, MAX_QUERY_LENGTH),
    filters: { section: sectionSlug(raw.section), from, to, sort },
    sort,
    cursor,
    from: from === null ? undefined : startOfDateInTimeZone(from, timeZone),
    until: to === null ? undefined : startOfDateInTimeZone(addDays(to, 1), timeZone),
  };
}
