/**
 * Local development secrets of the account Worker. `npm start` calls `ensureDevSecrets()`
 * before `wrangler dev`, which reads `.dev.vars` (git-ignored). An existing value is kept, so
 * open forms stay valid across restarts; production's comes from `npm run secrets:generate`.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const PACKAGE_DIR = resolve(import.meta.dirname, "..");

/** A new CSRF_SECRET: 32 random bytes as base64url (production's too: generate-secrets.ts). */
export function createCsrfSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Adds a random `CSRF_SECRET` to `<dir>/.dev.vars` when it has none; returns the file's path. */
export function ensureDevSecrets(dir: string = PACKAGE_DIR): string {
  const file = join(dir, ".dev.vars");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (/^CSRF_SECRET=.{32,}$/m.test(current)) return file;
  const kept = current.replace(/^CSRF_SECRET=.*\n?/m, "");
  const line = `CSRF_SECRET=${createCsrfSecret()}\n`;
  const joined = kept === "" || kept.endsWith("\n") ? kept : `${kept}\n`;
  writeFileSync(file, `${joined}${line}`, { mode: 0o600 });
  return file;
}

if (import.meta.filename === process.argv[1]) {
  console.log(`Development secrets in ${ensureDevSecrets()}`);
}
