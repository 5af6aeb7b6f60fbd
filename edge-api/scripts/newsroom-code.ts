/**
 * `npm run newsroom:code -- --email editor@dailyedge.test`: prints the current authenticator
 * code of an account in the LOCAL development database (the development staff of `npm start`,
 * or anyone who enrolled locally), opened with this checkout's SECOND_FACTOR_KEY. Development
 * only: there is no remote mode, and it cannot work without the key in edge-api/.dev.vars.
 */
import { parseArgs } from "node:util";
import { EmailSchema } from "../src/contract/account-contract.ts";
import { TOTP_PERIOD_SECONDS, totpCodeAt } from "../src/worker/auth/totp.ts";
import { localTotpSecretOf } from "./dev-staff.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: { email: { type: "string" }, remote: { type: "boolean" } },
});
if (values.remote) fail("newsroom:code reads the local development database only.");
const parsed = EmailSchema.safeParse(values.email ?? "");
if (!parsed.success) fail("Usage: npm run newsroom:code -- --email editor@dailyedge.test");
const email = parsed.data;

const secret = await localTotpSecretOf(email);
if (!secret) {
  fail(
    `${email} has no authenticator app set up in the local database (or it was sealed with another SECOND_FACTOR_KEY).`,
  );
}

const now = new Date();
const left = TOTP_PERIOD_SECONDS - (Math.floor(now.getTime() / 1000) % TOTP_PERIOD_SECONDS);
const next = totpCodeAt(secret, new Date(now.getTime() + TOTP_PERIOD_SECONDS * 1000));
console.log(
  `${totpCodeAt(secret, now)}  (for ${left} more seconds; each code works once; next: ${next})`,
);
