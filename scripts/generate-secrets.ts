/**
 * `npm run secrets:generate -- --env production [--out .secrets/production] [--force]
 * [--only NAME,…]`: production values for every secret the Workers name in their
 * `<package>/secrets.env.example`, one dotenv file per Worker (`<out>/<package>.env`, mode 0600,
 * git-ignored) that `npm run deploy:site -- --env production --secrets <out>` uploads with
 * `wrangler secret bulk`. Secrets we can make are made here with the same functions the
 * development scripts use; provider-issued ones (the mail provider's) are left as empty lines
 * under the comment that says where they come from. An existing file is never overwritten
 * without --force; `--only` makes new values for the named secrets alone, in the files that
 * already hold them (rotations, docs/secrets.md). Values are never printed.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  createRandomSecret,
  createSecondFactorKey,
  createSigningJwk,
} from "../edge-api/scripts/dev-keys.ts";
import { createCsrfSecret } from "../mfe-account/scripts/dev-secrets.ts";

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/** A secret this script can make, and what the operator does once it is uploaded (if anything). */
interface Maker {
  make(env: string): Promise<string> | string;
  then?: string;
}

const signingKey = async (env: string) => JSON.stringify(await createSigningJwk(env));

export const makers: Readonly<Record<string, Maker>> = {
  JWT_PRIVATE_JWK: { make: signingKey },
  JWT_NEXT_PRIVATE_JWK: { make: signingKey },
  SECOND_FACTOR_KEY: { make: () => createSecondFactorKey() },
  CSRF_SECRET: { make: () => createCsrfSecret() },
  MAIL_WEBHOOK_SECRET: {
    make: () => createRandomSecret(),
    then: "give it to the mail provider's bounce and complaint webhooks (docs/email.md)",
  },
};

/** One name of a secrets.env.example, with the comment block nearest above it. */
export interface ExampleEntry {
  name: string;
  comment: string[];
}

/** The names in a secrets.env.example, in order; each with the last comment block above it. */
export function readExample(text: string): ExampleEntry[] {
  const entries: ExampleEntry[] = [];
  let block: string[] = [];
  let inBlock = false;
  for (const line of text.split("\n").map((raw) => raw.trim())) {
    if (line.startsWith("#")) {
      if (!inBlock) block = [];
      block.push(line);
      inBlock = true;
    } else if (/^[A-Z][A-Z0-9_]*=/.test(line)) {
      entries.push({ name: line.slice(0, line.indexOf("=")), comment: block });
      inBlock = false;
    } else {
      inBlock = false;
    }
  }
  return entries;
}

/** A dotenv line `wrangler secret bulk` reads back as the same value (JSON in single quotes). */
export function dotenvLine(name: string, value: string): string {
  if (value.includes("'") || value.includes("\n")) {
    throw new Error(`${name}: a made value cannot hold quotes or new lines`);
  }
  return /^[A-Za-z0-9_.:/+=-]*$/.test(value) ? `${name}=${value}` : `${name}='${value}'`;
}

/** The names of a Worker's file that no maker knows: the operator fills them in. */
export function providerIssued(entries: readonly ExampleEntry[]): ExampleEntry[] {
  return entries.filter(({ name }) => !(name in makers));
}

/** A Worker's whole secrets file: made values, then empty provider-issued lines with comments. */
export async function secretsFile(
  worker: string,
  env: string,
  entries: readonly ExampleEntry[],
  today = new Date(),
): Promise<string> {
  const lines = [
    `# ${worker} secrets for ${env}, made by \`npm run secrets:generate\` on ${today.toISOString().slice(0, 10)}.`,
    "# Keep a copy in the team's password manager; never commit it (.secrets/ is git-ignored).",
    "# Upload: npm run deploy:site -- --env production --secrets <this folder>. docs/secrets.md",
  ];
  let lastComment: string[] = [];
  for (const entry of entries) {
    // What the example says of the secret, once per block (several names may share one).
    if (entry.comment !== lastComment) {
      lines.push("", ...entry.comment);
      lastComment = entry.comment;
    }
    const maker = makers[entry.name];
    if (maker) {
      lines.push(dotenvLine(entry.name, await maker.make(env)));
      continue;
    }
    lines.push(
      `# ${entry.name}: issued by the provider; fill in before uploading (empty = unset).`,
    );
    lines.push(`${entry.name}=`);
  }
  return `${lines.join("\n")}\n`;
}

/** The file with new values for `names` (lines it has); every other line kept as it was. */
export async function withNewValues(
  text: string,
  names: readonly string[],
  env: string,
): Promise<{ text: string; replaced: string[] }> {
  const replaced: string[] = [];
  const lines: string[] = [];
  for (const line of text.split("\n")) {
    const name = /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
    const maker = name === undefined || !names.includes(name) ? undefined : makers[name];
    if (name !== undefined && maker) {
      lines.push(dotenvLine(name, await maker.make(env)));
      replaced.push(name);
    } else {
      lines.push(line);
    }
  }
  return { text: lines.join("\n"), replaced };
}

export interface GenerateOptions {
  env: string;
  out: string;
  force: boolean;
  /** Only these secrets, in the files that already exist. */
  only: string[] | null;
}

export const USAGE =
  "usage: npm run secrets:generate -- --env production [--out .secrets/production] [--force] [--only NAME,…]";

export function parseArgs(argv: readonly string[]): GenerateOptions {
  let env: string | null = null;
  let out: string | null = null;
  let force = false;
  let only: string[] | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith("--")) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === "--env") env = value();
    else if (arg === "--out") out = value();
    else if (arg === "--force") force = true;
    else if (arg === "--only") only = value().split(",").filter(Boolean);
    else throw new Error(`unknown option ${arg}`);
  }
  if (env === null) throw new Error("--env is required (the environment the secrets are for)");
  if (!/^[a-z][a-z0-9-]*$/.test(env)) throw new Error(`--env ${env}: not an environment name`);
  const unknown = (only ?? []).filter((name) => !(name in makers));
  if (unknown.length > 0) {
    throw new Error(`--only: this script cannot make ${unknown.join(", ")}`);
  }
  return { env, out: out ?? join(".secrets", env), force, only };
}

/** Each Worker that names secrets: its package folder (the file's name) and its entries. */
export function workersWithSecrets(repo: string): { worker: string; entries: ExampleEntry[] }[] {
  return readdirSync(repo, { withFileTypes: true })
    .filter((dir) => dir.isDirectory() && existsSync(join(repo, dir.name, "secrets.env.example")))
    .map((dir) => ({
      worker: dir.name,
      entries: readExample(readFileSync(join(repo, dir.name, "secrets.env.example"), "utf8")),
    }))
    .sort((a, b) => a.worker.localeCompare(b.worker));
}

/** Writes the files; returns the checklist to print (names and next steps, never values). */
export async function generateSecrets(options: GenerateOptions, repo = root): Promise<string[]> {
  const out = join(repo, options.out);
  const workers = workersWithSecrets(repo);
  const fileOf = (worker: string) => join(out, `${worker}.env`);
  const checklist: string[] = [];
  if (options.only) {
    const only = options.only;
    const done = new Set<string>();
    for (const { worker } of workers) {
      const file = fileOf(worker);
      if (!existsSync(file)) continue;
      const { text, replaced } = await withNewValues(readFileSync(file, "utf8"), only, options.env);
      if (replaced.length === 0) continue;
      writeFileSync(file, text, { mode: 0o600 });
      chmodSync(file, 0o600);
      replaced.forEach((name) => done.add(name));
      checklist.push(`${relative(repo, file)}: new ${replaced.join(", ")}`);
    }
    const missing = only.filter((name) => !done.has(name));
    if (missing.length > 0) {
      throw new Error(
        `no file in ${options.out} has ${missing.join(", ")}: run without --only first`,
      );
    }
    return checklist;
  }
  const existing = workers.map(({ worker }) => fileOf(worker)).filter((file) => existsSync(file));
  if (existing.length > 0 && !options.force) {
    throw new Error(
      `${existing.map((file) => relative(repo, file)).join(", ")} already exist: new values would replace live ones (docs/secrets.md says what each replacement does). Use --force to overwrite, or --only NAME for one secret.`,
    );
  }
  mkdirSync(out, { recursive: true, mode: 0o700 });
  for (const { worker, entries } of workers) {
    const file = fileOf(worker);
    writeFileSync(file, await secretsFile(worker, options.env, entries), { mode: 0o600 });
    chmodSync(file, 0o600);
    checklist.push(`${relative(repo, file)}:`);
    for (const { name } of entries) {
      const maker = makers[name];
      checklist.push(
        maker
          ? `  ✓ ${name} made${maker.then ? `; then ${maker.then}` : ""}`
          : `  ☐ ${name}: fill in from the provider (the comment above it says where)`,
      );
    }
  }
  checklist.push(
    `Next: keep a copy of ${options.out} in the team's password manager, then`,
    `  npm run deploy:site -- --env ${options.env} --secrets ${options.out}`,
    "Every secret, what it protects and how to rotate it: docs/secrets.md",
  );
  return checklist;
}

if (import.meta.filename === process.argv[1]) {
  try {
    const lines = await generateSecrets(parseArgs(process.argv.slice(2)));
    console.log(lines.join("\n"));
  } catch (error) {
    console.error(`secrets:generate: ${(error as Error).message}\n${USAGE}`);
    process.exit(1);
  }
}
