/**
 * `npm run newsroom:admin -- --email you@example.com [--remote]`: makes the account with that
 * address an admin of the newsroom, in the local database of `npm start` (default) or the
 * deployed one (`--remote`, through your own `wrangler login`). The account must exist: sign
 * up on the site first. Idempotent; the change is in the audit log, and ends the person's
 * newsroom sessions like any role change. This is how the first admin is made: there is no
 * default admin account (SECURITY 9).
 */
import { parseArgs } from "node:util";
import { EmailSchema } from "../src/contract/account-contract.ts";
import { accountRoleQuery, grantAdminStatements } from "../src/db/newsroom-admin-sql.ts";
import { D1CommandError, d1Execute, type D1Target } from "./d1-command.ts";

const USAGE = "Usage: npm run newsroom:admin -- --email you@example.com [--remote]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: { email: { type: "string" }, remote: { type: "boolean" }, help: { type: "boolean" } },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const parsed = EmailSchema.safeParse(values.email ?? "");
if (!parsed.success)
  fail(`${values.email ? "That is not an email address." : ""}\n${USAGE}`.trim());
const email = parsed.data;
const target: D1Target = values.remote ? "remote" : "local";
const where = target === "local" ? "the local database" : "the remote database";

try {
  const [rows = []] = d1Execute([accountRoleQuery(email)], target);
  const account = rows[0] as { displayName: string; role: string } | undefined;
  if (!account) {
    fail(
      [
        `No account uses ${email} in ${where}.`,
        "Sign up with that address on the site first (locally: `npm start`, then",
        "http://127.0.0.1:8787/sign-up), then run this command again.",
      ].join("\n"),
    );
  }
  if (account.role === "admin") {
    console.log(
      `${account.displayName} <${email}> is already an admin in ${where}; nothing changed.`,
    );
  } else {
    d1Execute(grantAdminStatements(email, new Date()), target);
    console.log(
      [
        `${account.displayName} <${email}> is now an admin in ${where} (was ${account.role}).`,
        "Sign in and open /newsroom; you will be asked for the second factor (or to set it up).",
      ].join("\n"),
    );
  }
} catch (error) {
  if (!(error instanceof D1CommandError)) throw error;
  const hint =
    target === "local"
      ? "Has the local database been made? Run `npm start` once first."
      : "Are you logged in (`npx wrangler login`) and is database_id set in edge-api/wrangler.toml's [env.production] (npm run deploy:site)?";
  fail(`wrangler d1 execute failed against ${where}.\n${hint}\n\n${error.message}`);
}
