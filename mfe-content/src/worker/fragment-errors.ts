import { defineFragmentErrors, fragmentErrorClass } from "shell/fragment-kit/errors";

/**
 * The content Worker's error catalogue: the kit's shared codes (`api_unavailable`,
 * `bad_api_data`, `unknown_route`, `bad_configuration`); content has none of its own. Missing
 * content is never an error here (a loader answers `not-found`, a feed 404); these are the
 * failures that must become a 5xx, so that the shell shows its unavailable region and a feed
 * reader retries, instead of a wrong page being cached.
 */
export const contentErrors = defineFragmentErrors({});

export type ContentErrorCode = keyof typeof contentErrors;

export const ContentError = fragmentErrorClass("content", contentErrors, "ContentError");
