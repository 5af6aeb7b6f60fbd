/**
 * The print desk's limits (issue 17). A module of plain numbers, without zod, so the desk's
 * screens in the browser check the same limits the API enforces (`print-desk-contract.ts`
 * re-exports them).
 */
export const PRINT_HEADLINE_MAX = 120;
export const PRINT_PAGES_MAX = 48;
export const PRINT_BOOK_NAME_MAX = 60;
export const PRINT_BOOKS_MAX = 26;
export const PRINT_PLACEMENTS_PER_PAGE_MAX = 40;
export const NO_EDITION_NOTE_MAX = 120;
export const NO_EDITION_DATES_MAX = 400;
/** The widest range `GET /editions` lists at once (days). */
export const PRINT_EDITIONS_RANGE_MAX = 400;
/** How many stories `GET /editions/:date/stories` answers at most, and the longest words. */
export const PRINT_STORY_SEARCH_MAX = 20;
export const PRINT_STORY_QUERY_MAX = 200;
