/**
 * `npm run import -- … --remote` (issue 18, decision 0024): the import written to the production
 * database (and its media bucket and Images) from this machine. Wrangler's `getPlatformProxy`
 * reaches a Cloudflare resource only for a binding marked `remote = true`, and the repository's
 * edge-api/wrangler.toml marks none (they would turn `wrangler dev` against production). So the
 * production bindings are read from that file's `[env.production]` as wrangler reads it (the
 * database id `npm run deploy:site` wrote there, never one typed here), copied into a generated
 * configuration with each binding remote, and the proxy is started on that copy. Credentials are
 * wrangler's own: `wrangler login`, or CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { format, stripVTControlCharacters } from "node:util";
import {
  getPlatformProxy,
  unstable_readConfig,
  type Unstable_Config,
  type Unstable_RawConfig,
} from "wrangler";
import { isZeroId, PRODUCTION } from "./deploy-config.ts";

/** The parts of edge-api's production configuration the remote import reads. */
export type ApiProductionConfig = Pick<
  Unstable_Config,
  "name" | "compatibility_date" | "account_id" | "d1_databases" | "r2_buckets" | "images"
>;

export const API_CONFIG = "edge-api/wrangler.toml";

/** What `deploy the API first` means, in the words of docs/deploy.md. */
const DEPLOY_FIRST =
  "deploy the API first (npm run deploy:site -- --env production, or " +
  "npm run deploy -w edge-api -- --env production once the site exists)";

/** Where a remote import writes, and the configuration that reaches it. */
export interface RemoteTarget {
  /** The environment of the generated configuration, the one `getPlatformProxy` is given. */
  environment: string;
  databaseName: string;
  databaseId: string;
  bucketName: string;
  /** The account named by the configuration or CLOUDFLARE_ACCOUNT_ID; null: wrangler's choice. */
  accountId: string | null;
  /** D1's table of applied migrations (wrangler's default unless the config names another). */
  migrationsTable: string;
  /** A wrangler configuration (JSON) binding DB, MEDIA and IMAGES to production, each remote. */
  config: Unstable_RawConfig;
}

/**
 * The remote import's bindings from edge-api's production configuration: DB (by its committed
 * id), MEDIA and IMAGES, each `remote: true`, under the same environment name. Pure: the caller
 * reads the configuration (`loadApiProduction`) and the account from its environment.
 */
export function remoteTarget(
  production: ApiProductionConfig,
  accountFromEnv: string | undefined,
): RemoteTarget | { problem: string } {
  const where = `${API_CONFIG} [env.${PRODUCTION}]`;
  const database = production.d1_databases.find((db) => db.binding === "DB");
  if (!database?.database_name) return { problem: `${where} binds no D1 database DB.` };
  const id = database.database_id;
  if (!id || isZeroId(id)) {
    return {
      problem:
        `${where} has no id for the database ${database.database_name}: the production ` +
        `database has not been made yet; ${DEPLOY_FIRST}, and commit the id it writes.`,
    };
  }
  const bucket = production.r2_buckets.find((r2) => r2.binding === "MEDIA");
  if (!bucket?.bucket_name) return { problem: `${where} binds no R2 bucket MEDIA.` };
  if (production.images?.binding !== "IMAGES") return { problem: `${where} binds no IMAGES.` };
  const accountId = production.account_id ?? (accountFromEnv || null);
  // Its own name: the remote proxy is a preview session under this name, never the deployed
  // edge-api Worker (set in the environment too, or wrangler appends "-production").
  const name = `${production.name ?? "edge-api"}-import`;
  return {
    environment: PRODUCTION,
    databaseName: database.database_name,
    databaseId: id,
    bucketName: bucket.bucket_name,
    accountId,
    migrationsTable: database.migrations_table ?? "d1_migrations",
    config: {
      name,
      compatibility_date: production.compatibility_date,
      ...(accountId ? { account_id: accountId } : {}),
      env: {
        [PRODUCTION]: {
          name,
          d1_databases: [
            {
              binding: "DB",
              database_name: database.database_name,
              database_id: id,
              remote: true,
            },
          ],
          r2_buckets: [
            {
              binding: "MEDIA",
              bucket_name: bucket.bucket_name,
              ...(bucket.jurisdiction ? { jurisdiction: bucket.jurisdiction } : {}),
              remote: true,
            },
          ],
          images: { binding: "IMAGES", remote: true },
        },
      },
    },
  };
}

/** Edge-api's production configuration, as `wrangler deploy --env production` reads it. */
export function loadApiProduction(root: string): ApiProductionConfig {
  // Wrangler's own warnings about env sections would bury the import's lines; errors still throw.
  process.env.WRANGLER_LOG ??= "error";
  return unstable_readConfig({ config: join(root, API_CONFIG), env: PRODUCTION });
}

/** The lines said before anything is read or written: from the configuration, not the network. */
export function describeTarget(target: RemoteTarget, dryRun: boolean): string {
  const account = target.accountId
    ? `account ${target.accountId}`
    : "the account your wrangler login or CLOUDFLARE_API_TOKEN reaches (CLOUDFLARE_ACCOUNT_ID names one)";
  return [
    dryRun
      ? `Dry run against PRODUCTION: reads the database ${target.databaseName}, writes nothing.`
      : `This import writes to PRODUCTION:`,
    `  D1 database ${target.databaseName} (${target.databaseId})`,
    `  R2 bucket ${target.bucketName} and Images`,
    `  on ${account}`,
    `  (${API_CONFIG} [env.${target.environment}])`,
  ].join("\n");
}

/**
 * Whether a remote import may go on: a dry run writes nothing and needs no confirmation;
 * `--yes` is the confirmation of a script; otherwise a person types the database's name on a
 * terminal, and without one the import is refused.
 */
export function confirmation(options: {
  dryRun: boolean;
  yes: boolean;
  interactive: boolean;
}): "none" | "ask" | { problem: string } {
  if (options.dryRun || options.yes) return "none";
  if (options.interactive) return "ask";
  return {
    problem:
      "--remote writes to the production database, and there is no terminal here to confirm " +
      "it on: run it in a terminal, or add --yes (for scripts). Nothing was written.",
  };
}

/** Asks for the database's name on the terminal; true only when it is typed exactly. */
export async function askForName(name: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await terminal.question(`Type the database name (${name}) to go on: `);
    return answer.trim() === name;
  } finally {
    terminal.close();
  }
}

/** The migrations of this checkout the remote database has not applied, in order. */
export function pendingMigrations(local: readonly string[], applied: readonly string[]): string[] {
  const done = new Set(applied);
  return [...local].sort().filter((name) => !done.has(name));
}

/** The API's migration files (`edge-api/migrations/*.sql`). */
export function localMigrations(root: string): string[] {
  return readdirSync(join(root, "edge-api", "migrations")).filter((name) => name.endsWith(".sql"));
}

/**
 * Refuses (a sentence) unless the remote database has this checkout's schema: a remote import
 * never applies migrations (a deploy does, with the code that needs them), so a database the
 * API was not deployed to since the import tables came (migration 0020) is left alone.
 */
export async function checkRemoteSchema(
  db: D1Database,
  target: RemoteTarget,
  local: readonly string[],
): Promise<string | null> {
  let applied: string[];
  try {
    const rows = await db
      .prepare(`SELECT name FROM ${target.migrationsTable}`)
      .all<{ name: string }>();
    applied = rows.results.map((row) => row.name);
  } catch (error) {
    if (!/no such table/i.test(String((error as Error).message))) throw error;
    applied = [];
  }
  const pending = pendingMigrations(local, applied);
  if (pending.length === 0) return null;
  return (
    `The production database ${target.databaseName} lacks ${pending.length} of this ` +
    `checkout's migrations (${pending.slice(0, 3).join(", ")}${pending.length > 3 ? ", …" : ""}); ` +
    `an import does not apply them: ${DEPLOY_FIRST}. Nothing was written.`
  );
}

/** The last words of a remote failure: before the import wrote, or while it wrote. */
export const NOTHING_WRITTEN = "Nothing was written.";
export const RUN_AGAIN =
  "The batches written before it stay whole (each is all or nothing); run the same command " +
  "again to continue where it stopped.";

const NETWORK_CODES = ["ENOTFOUND", "EAI_AGAIN", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT"];
const AUTH =
  /CLOUDFLARE_API_TOKEN|not logged in|could not be authenticated|Authentication error|Did not login|No account id|Unauthori[sz]ed|Invalid access token/i;

/**
 * A remote failure as one sentence (never wrangler's stack): Cloudflare unreachable, wrangler
 * unable to sign in, or the first line of what Cloudflare answered; then `ending`.
 */
export function remoteFailure(
  error: unknown,
  ending: string = NOTHING_WRITTEN,
  logged: readonly string[] = [],
): string {
  const messages: string[] = [];
  const codes: string[] = [];
  for (let cause = error, depth = 0; cause !== undefined && cause !== null && depth < 8; depth++) {
    if (typeof cause !== "object") {
      messages.push(String(cause));
      break;
    }
    const { message, code, reason } = cause as Record<string, unknown>;
    if (typeof message === "string") messages.push(message);
    if (typeof reason === "string") messages.push(reason);
    if (typeof code === "string") codes.push(code);
    cause = (cause as { cause?: unknown }).cause;
  }
  // What wrangler printed while it failed (its guidance, e.g. a workers.dev subdomain to
  // register) counts too, first line of each, without its colours and "✘ [ERROR]".
  const said = logged
    .map((line) =>
      stripVTControlCharacters(line.split("\n")[0] ?? "").replace(/^\W*\[ERROR\]\s*/, ""),
    )
    .filter((line) => line.trim() !== "");
  const text = [...messages, ...said].join("\n");
  const network =
    codes.find((code) => NETWORK_CODES.includes(code)) ??
    NETWORK_CODES.find((code) => text.includes(code));
  if (network !== undefined || /fetch failed/i.test(text)) {
    return (
      `Cloudflare could not be reached (${network ?? "fetch failed"}): check the connection ` +
      `and try again. ${ending}`
    );
  }
  if (AUTH.test(text)) {
    return (
      "Wrangler could not sign in to Cloudflare: run `npx wrangler login`, or set " +
      `CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID), then try again. ${ending}`
    );
  }
  const first = [...said, ...messages]
    .find((line) => line.trim() !== "")
    ?.split("\n")[0]
    ?.trim()
    .replace(/[.:]$/, "");
  return `Cloudflare answered with an error: ${first ?? "(no message)"}. ${ending}`;
}

export class RemoteImportError extends Error {}

/** How long the proxy may take to reach Cloudflare (wrangler's browser login included) before the import gives up. */
const CONNECT_TIMEOUT_MS = 300_000;

/**
 * The production bindings through a remote proxy session, started on a generated configuration
 * in a temporary folder (removed on dispose). Any failure is a `RemoteImportError` with one
 * sentence.
 */
export async function connectRemote<Env>(
  target: RemoteTarget,
): Promise<{ env: Env; dispose: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "daily-edge-import-"));
  const configPath = join(dir, "wrangler.json");
  writeFileSync(configPath, `${JSON.stringify(target.config, null, 2)}\n`);
  let timer: NodeJS.Timeout | undefined;
  // Wrangler prints its failures (with stacks) through console.error/warn: kept, not shown, and
  // read into the one sentence the import fails with.
  const logged: string[] = [];
  const { error: printError, warn: printWarning } = console;
  console.error = console.warn = (...parts: unknown[]) => void logged.push(format(...parts));
  try {
    const proxy = await Promise.race([
      getPlatformProxy<Env>({
        configPath,
        environment: target.environment,
        persist: false,
        remoteBindings: true,
        envFiles: [],
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer from Cloudflare in ${CONNECT_TIMEOUT_MS / 1000} s`)),
          CONNECT_TIMEOUT_MS,
        );
      }),
    ]);
    return {
      env: proxy.env,
      dispose: async () => {
        try {
          await proxy.dispose();
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new RemoteImportError(remoteFailure(error, NOTHING_WRITTEN, logged), { cause: error });
  } finally {
    clearTimeout(timer);
    console.error = printError;
    console.warn = printWarning;
  }
}
