/**
 * The print desk's limits, as edge-api's print desk contract sets them
 * (`PRINT_HEADLINE_MAX`, `PRINT_PAGES_MAX`, `PRINT_BOOK_NAME_MAX`, `NO_EDITION_NOTE_MAX`); the
 * browser's copy, so the screens stay free of the contract's zod. The API checks them too.
 */
export const PRINT_HEADLINE_MAX = 120;
export const PRINT_PAGES_MAX = 48;
export const PRINT_BOOK_NAME_MAX = 60;
export const PRINT_BOOKS_MAX = 26;
export const NO_EDITION_NOTE_MAX = 120;
