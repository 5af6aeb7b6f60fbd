/**
 * The paper Worker's error catalogue. Missing data is never an error here (routes answer
 * `not-found`); these are failures that must reach the shell as a 5xx so that it shows its
 * fragment-failed message instead of caching a wrong page.
 */
export const paperErrors = {
  api_unavailable: { status: 502 },
  unknown_route: { status: 500 },
} as const;

export type PaperErrorCode = keyof typeof paperErrors;

export class PaperError extends Error {
  readonly code: PaperErrorCode;
  readonly status: number;

  constructor(code: PaperErrorCode, detail: string) {
    super(`${code}: ${detail}`);
    this.name = "PaperError";
    this.code = code;
    this.status = paperErrors[code].status;
  }
}
