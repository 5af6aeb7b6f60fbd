import { defineFragmentErrors, fragmentErrorClass } from "shell/fragment-kit/errors";

/**
 * The paper Worker's error catalogue: the kit's shared codes (`api_unavailable`, `bad_api_data`,
 * `unknown_route`, `bad_configuration`); the paper has none of its own yet. Missing data is never
 * an error here (routes answer `not-found`); these reach the shell as a 5xx so that it shows its
 * unavailable region instead of caching a wrong page.
 */
export const paperErrors = defineFragmentErrors({});

export type PaperErrorCode = keyof typeof paperErrors;

export const PaperError = fragmentErrorClass("paper", paperErrors, "PaperError");
