/** The longest print headline the desk takes (the API checks the same). */
export const PRINT_HEADLINE_MAX = 120;
