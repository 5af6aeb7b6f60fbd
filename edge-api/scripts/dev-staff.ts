/**
 * The development staff `npm start` seeds into the local database, never anywhere else (no
 * production seed has staff: SECURITY 9): an admin, an editor and a contributor, each with
 * the same development password and an authenticator (TOTP) secret already confirmed.
 * Accounts that exist are left as they are; one whose second factor cannot be opened with
 * this checkout's SECOND_FACTOR_KEY gets a new secret.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { argon2id } from "hash-wasm";
import {
  devStaffQuery,
  devStaffStatements,
  sealedSecretQuery,
  type DevStaffRow,
} from "../src/db/newsroom-admin-sql.ts";
import { checkPassword } from "../src/domain/password-policy.ts";
import { openTotpSecret, sealTotpSecret } from "../src/worker/auth/second-factor-secrets.ts";
import { newTotpSecret } from "../src/worker/auth/totp.ts";
import { d1Execute, readDevVar } from "./d1-command.ts";

export const DEV_STAFF_PASSWORD = "newsroom practice only";

export const DEV_STAFF: readonly Pick<DevStaffRow, "email" | "displayName" | "role">[] = [
  { role: "admin", email: "admin@dailyedge.test", displayName: "Ada Admin" },
  { role: "editor", email: "editor@dailyedge.test", displayName: "Eddie Editor" },
  { role: "contributor", email: "contributor@dailyedge.test", displayName: "Cora Contributor" },
];

export interface DevStaffLogin {
  email: string;
  role: string;
  /** The confirmed TOTP secret (base32) to add to an authenticator app. */
  secret: string;
}

/** The API's local key for sealing TOTP secrets (scripts/dev-keys.ts writes it). */
export function devSecondFactorKey(): string {
  const file = join(import.meta.dirname, "..", ".dev.vars");
  const key = readDevVar(readFileSync(file, "utf8"), "SECOND_FACTOR_KEY");
  if (!key)
    throw new Error(
      "edge-api/.dev.vars has no SECOND_FACTOR_KEY: run npm run dev-keys -w edge-api",
    );
  return key;
}

/** argon2id at the API's production cost (worker/auth/password-hashing.ts), NFC as it does. */
function hashDevPassword(password: string): Promise<string> {
  return argon2id({
    password: password.normalize("NFC"),
    salt: crypto.getRandomValues(new Uint8Array(16)),
    memorySize: 19_456,
    iterations: 2,
    parallelism: 1,
    hashLength: 32,
    outputType: "encoded",
  });
}

interface Standing {
  id: string;
  email: string;
  role: string;
  sealedSecret: string | null;
}

/** Makes the development staff that are missing; answers how each one logs in. */
export async function seedDevStaff(now = new Date()): Promise<DevStaffLogin[]> {
  if (checkPassword(DEV_STAFF_PASSWORD) !== null)
    throw new Error("the development password fails the policy");
  const key = devSecondFactorKey();
  const [rows = []] = d1Execute([devStaffQuery(DEV_STAFF.map((member) => member.email))], "local");
  const standing = rows as unknown as Standing[];
  const statements: string[] = [];
  const logins: DevStaffLogin[] = [];
  for (const member of DEV_STAFF) {
    const found = standing.find((row) => row.email === member.email);
    const opened = found?.sealedSecret
      ? await openTotpSecret(key, found.id, found.sealedSecret)
      : null;
    if (found && opened) {
      logins.push({ email: member.email, role: found.role, secret: opened });
      continue;
    }
    const id = found?.id ?? crypto.randomUUID();
    const secret = newTotpSecret();
    const row: DevStaffRow = {
      ...member,
      id,
      // An existing account keeps its password: its insert is skipped.
      passwordHash: found ? "" : await hashDevPassword(DEV_STAFF_PASSWORD),
      sealedSecret: await sealTotpSecret(key, id, secret),
    };
    statements.push(...devStaffStatements(row, now));
    logins.push({ email: member.email, role: found?.role ?? member.role, secret });
  }
  if (statements.length > 0) d1Execute(statements, "local");
  return logins;
}

/** What `npm start` prints once the site is up. */
export function devStaffInstructions(origin: string, logins: DevStaffLogin[]): string {
  const width = Math.max(...logins.map((login) => login.email.length));
  const spaced = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();
  return [
    `Newsroom (development only): sign in at ${origin}/login, then open ${origin}/newsroom.`,
    `Password of each account: ${DEV_STAFF_PASSWORD}`,
    ...logins.map(
      (login) =>
        `  ${login.role.padEnd(12)}${login.email.padEnd(width + 2)}TOTP secret ${spaced(login.secret)}`,
    ),
    "Add a secret to an authenticator app, or print the current code:",
    "  npm run newsroom:code -- --email editor@dailyedge.test",
  ].join("\n");
}

/**
 * The confirmed TOTP secret of an account in the local database, opened with this checkout's
 * key; null when it has none or it was sealed with another key. For `newsroom:code` and for
 * end-to-end tests that sign in as the development staff (`totpCodeAt` gives its codes).
 */
export async function localTotpSecretOf(email: string): Promise<string | null> {
  const [rows = []] = d1Execute([sealedSecretQuery(email)], "local");
  const row = rows[0] as { id: string; sealedSecret: string } | undefined;
  return row ? openTotpSecret(devSecondFactorKey(), row.id, row.sealedSecret) : null;
}
