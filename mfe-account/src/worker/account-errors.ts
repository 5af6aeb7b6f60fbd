/** The account Worker's error catalogue: stable codes with their statuses. */
export const accountErrors = {
  unknown_route: { status: 500 },
  /** edge-api answered with a 5xx or something this Worker cannot read. */
  api_unavailable: { status: 502 },
} as const;

export type AccountErrorCode = keyof typeof accountErrors;

export class AccountError extends Error {
  readonly code: AccountErrorCode;
  readonly status: number;

  constructor(code: AccountErrorCode, detail: string) {
    super(`${code}: ${detail}`);
    this.name = "AccountError";
    this.code = code;
    this.status = accountErrors[code].status;
  }
}
