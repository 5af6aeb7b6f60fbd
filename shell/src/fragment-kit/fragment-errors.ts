import type { FragmentName } from "../contract/fragment-names.ts";

/**
 * The base of every fragment's error catalogue: stable codes with their HTTP statuses. Tests
 * assert the code, never the message; 5xx details go to the log, never to the reader.
 *
 * Missing data is not an error in a fragment (a loader answers `not-found`); these are the
 * failures that must reach the shell as a 5xx so that it shows its unavailable region instead
 * of a wrong page. Each fragment declares its catalogue in `src/worker/fragment-errors.ts`:
 *
 * ```ts
 * export const paperErrors = defineFragmentErrors({ edition_gone: { status: 500 } });
 * export const PaperError = fragmentErrorClass("paper", paperErrors, "PaperError");
 * ```
 */

export interface ErrorSpec {
  readonly status: number;
}

export type ErrorCatalogue = Readonly<Record<string, ErrorSpec>>;

/** The failures every fragment can have. */
export const sharedFragmentErrors = {
  /** edge-api could not be reached or answered with a 5xx. */
  api_unavailable: { status: 502 },
  /** edge-api answered something that does not match its contract. */
  bad_api_data: { status: 502 },
  /** The shell asked for a route this fragment does not render: the two disagree on the table. */
  unknown_route: { status: 500 },
  /** The fragment's configuration is invalid (see fragment-env.ts). */
  bad_configuration: { status: 500 },
} as const satisfies ErrorCatalogue;

export type SharedFragmentErrorCode = keyof typeof sharedFragmentErrors;

/** A fragment's catalogue: the shared codes plus its own (which may not redefine them). */
export function defineFragmentErrors<const Own extends ErrorCatalogue>(
  own: Own & { readonly [Code in SharedFragmentErrorCode]?: never },
): typeof sharedFragmentErrors & Own {
  return { ...sharedFragmentErrors, ...own };
}

export class FragmentError<Code extends string = SharedFragmentErrorCode> extends Error {
  readonly fragment: FragmentName;
  readonly code: Code;
  readonly status: number;

  constructor(
    fragment: FragmentName,
    catalogue: Readonly<Record<Code, ErrorSpec>>,
    code: Code,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = "FragmentError";
    this.fragment = fragment;
    this.code = code;
    this.status = catalogue[code].status;
  }
}

/**
 * The error class of one fragment's catalogue, so that no fragment writes the same subclass:
 * `new PaperError("api_unavailable", detail)` has the code's status and the fragment's name.
 */
export function fragmentErrorClass<Code extends string>(
  fragment: FragmentName,
  catalogue: Readonly<Record<Code, ErrorSpec>>,
  name: string,
) {
  return class extends FragmentError<Code> {
    constructor(code: Code, detail: string) {
      super(fragment, catalogue, code, detail);
      this.name = name;
    }
  };
}
