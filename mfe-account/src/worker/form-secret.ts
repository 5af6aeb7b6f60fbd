import { createLogger } from "shell/fragment-kit/logger";
import { AccountError } from "./fragment-errors.ts";

/**
 * CSRF_SECRET, the key of every form token (SECURITY 14), is checked where a form needs it,
 * not with the rest of the configuration: while it is missing or malformed the screens with a
 * form answer `forms_unavailable` (the shell's 503 page) and every other screen still renders.
 * `npm run secrets:generate` and scripts/dev-secrets.ts make 32 random bytes (43 characters).
 */
const MIN_SECRET_LENGTH = 32;

/** The secret when it can key form tokens; null when it is missing or too short. */
export function usableFormSecret(secret: string | undefined): string | null {
  return secret !== undefined && secret.length >= MIN_SECRET_LENGTH ? secret : null;
}

/** The error a form answers without a usable secret; logged with why, never the value. */
export function formsUnavailable(secret: string | undefined, requestId: string): Error {
  const reason = secret === undefined || secret === "" ? "missing" : "malformed";
  createLogger("mfe-account", requestId).error("secret_unusable", { name: "CSRF_SECRET", reason });
  return new AccountError("forms_unavailable", `CSRF_SECRET is ${reason}`);
}
