import { defineFragmentErrors, fragmentErrorClass } from "shell/fragment-kit/errors";

/**
 * The account Worker's error catalogue: the kit's shared codes (`api_unavailable`,
 * `bad_api_data`, `unknown_route`, `bad_configuration`) and `forms_unavailable`. A reader's
 * mistake is never an error here (the form comes back with its problems); these are the
 * failures that reach the shell as a 5xx, so that it shows its unavailable region.
 */
export const accountErrors = defineFragmentErrors({
  /** CSRF_SECRET is missing or malformed: no form can be shown or accepted (docs/secrets.md). */
  forms_unavailable: { status: 503 },
});

export type AccountErrorCode = keyof typeof accountErrors;

export const AccountError = fragmentErrorClass("account", accountErrors, "AccountError");
