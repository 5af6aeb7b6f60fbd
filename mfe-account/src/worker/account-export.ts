import type { AccountExportAnswer } from "edge-api/contract/account";
import { calendarDateIn } from "shell/fragment-kit/dates";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { tooManyAttempts, type Failure } from "./account-answers.ts";

/**
 * The profile's "Download your data" (issue 15): what the API keeps about the account holder
 * (`api.exportAccount()`), handed to the shell as a file. The shell sends it as an attachment,
 * `no-store`; this Worker only names it and writes it.
 */

/** The file's name before its date; the contract allows lower-case letters, digits, `.-_`. */
const FILENAME_PREFIX = "daily-edge-data";

/** `daily-edge-data-YYYY-MM-DD.json`, dated as the publication's calendar had it at export. */
export function exportFilename(exportedAt: string, timeZone: string): string {
  const instant = new Date(exportedAt);
  // The API's clock is the one to trust; should its instant be unreadable, today will do.
  const date = calendarDateIn(Number.isNaN(instant.getTime()) ? new Date() : instant, timeZone);
  return `${FILENAME_PREFIX}-${date}.json`;
}

export function exportDownload(data: AccountExportAnswer, timeZone: string): LoadOutcome {
  return {
    kind: "download",
    filename: exportFilename(data.exportedAt, timeZone),
    contentType: "application/json",
    // Pretty-printed: the reader may well open it in a text editor.
    body: `${JSON.stringify(data, null, 2)}\n`,
  };
}

/** The API's rate limit on exports, as the profile says it. */
export function tooManyExports(retryAfter?: number): Failure {
  return tooManyAttempts(
    retryAfter,
    "You have downloaded your data several times in the last hour.",
  );
}
