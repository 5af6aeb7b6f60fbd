/**
 * The production secrets generator (scripts/generate-secrets.ts) on a copy of the packages'
 * secrets.env.example files in a temporary folder. `npm run test:scripts` (node --test).
 */
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { parseEnv } from "node:util";
import {
  dotenvLine,
  generateSecrets,
  parseArgs,
  readExample,
  secretsFile,
  withNewValues,
} from "./generate-secrets.ts";
import { repoRoot } from "./local-stack.ts";

const made: string[] = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A repository with the real secrets.env.example files of edge-api and mfe-account. */
function fixtureRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), "secrets-"));
  made.push(dir);
  for (const worker of ["edge-api", "mfe-account"]) {
    mkdirSync(join(dir, worker));
    cpSync(join(repoRoot, worker, "secrets.env.example"), join(dir, worker, "secrets.env.example"));
  }
  return dir;
}

const options = (more = {}) => ({
  env: "production",
  out: ".secrets/production",
  force: false,
  only: null,
  ...more,
});
const read = (repo: string, worker: string) =>
  parseEnv(readFileSync(join(repo, ".secrets/production", `${worker}.env`), "utf8"));

describe("reading secrets.env.example", () => {
  test("gives each name with the comment block nearest above it", () => {
    const entries = readExample(
      "# header\n\n# The key.\nKEY=\nNEXT_KEY=\n# The provider's.\nTOKEN=\n",
    );
    assert.deepEqual(entries, [
      { name: "KEY", comment: ["# The key."] },
      { name: "NEXT_KEY", comment: ["# The key."] },
      { name: "TOKEN", comment: ["# The provider's."] },
    ]);
  });
});

describe("a Worker's secrets file", () => {
  test("makes every secret it knows; leaves provider-issued ones empty under their comment", async () => {
    const entries = readExample(
      "# Signing.\nJWT_PRIVATE_JWK=\nJWT_NEXT_PRIVATE_JWK=\n# Postmark's server token.\nEMAIL_API_TOKEN=\n",
    );
    const text = await secretsFile("edge-api", "production", entries);
    const values = parseEnv(text);
    const current = JSON.parse(values.JWT_PRIVATE_JWK ?? "") as Record<string, string>;
    const next = JSON.parse(values.JWT_NEXT_PRIVATE_JWK ?? "") as Record<string, string>;
    assert.equal(current.kty, "EC");
    assert.equal(current.crv, "P-256");
    assert.ok(current.d && current.x && current.y);
    assert.match(current.kid ?? "", /^production-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}$/);
    assert.notEqual(current.kid, next.kid);
    assert.notEqual(current.d, next.d);
    assert.equal(values.EMAIL_API_TOKEN, "");
    assert.match(text, /# Postmark's server token\.\n# EMAIL_API_TOKEN: issued by the provider/);
  });

  test("quotes JSON so dotenv (wrangler secret bulk) reads it back whole", () => {
    assert.equal(dotenvLine("KEY", "abc_DEF-123"), "KEY=abc_DEF-123");
    const json = '{"kty":"EC","kid":"k 1"}';
    assert.equal(parseEnv(dotenvLine("KEY", json)).KEY, json);
    assert.throws(() => dotenvLine("KEY", "it's"), /cannot hold quotes/);
  });

  test("--only gives new values to the named secrets and keeps every other line", async () => {
    const text =
      '# c\nJWT_PRIVATE_JWK=\'{"kid":"old"}\'\nJWT_NEXT_PRIVATE_JWK=\'{"kid":"n"}\'\nX=1\n';
    const { text: after, replaced } = await withNewValues(text, ["JWT_NEXT_PRIVATE_JWK"], "prod");
    assert.deepEqual(replaced, ["JWT_NEXT_PRIVATE_JWK"]);
    const values = parseEnv(after);
    assert.equal(values.JWT_PRIVATE_JWK, '{"kid":"old"}');
    assert.equal(values.X, "1");
    assert.match(JSON.parse(values.JWT_NEXT_PRIVATE_JWK ?? "").kid as string, /^prod-/);
  });
});

describe("the command line", () => {
  test("needs --env; --out defaults to .secrets/<env>; --only names what it can make", () => {
    assert.throws(() => parseArgs([]), /--env is required/);
    assert.throws(() => parseArgs(["--env"]), /--env needs a value/);
    assert.throws(() => parseArgs(["--env", "production", "--wat"]), /unknown option --wat/);
    assert.throws(
      () => parseArgs(["--env", "production", "--only", "EMAIL_API_TOKEN"]),
      /cannot make EMAIL_API_TOKEN/,
    );
    assert.deepEqual(parseArgs(["--env", "production"]), options());
    assert.deepEqual(
      parseArgs(["--env", "staging", "--out", "x", "--force", "--only", "CSRF_SECRET"]),
      { env: "staging", out: "x", force: true, only: ["CSRF_SECRET"] },
    );
  });
});

describe("generating", () => {
  test("writes one file per Worker with secrets, mode 0600, and a checklist without values", async () => {
    const repo = fixtureRepo();
    const checklist = await generateSecrets(options(), repo);
    const api = read(repo, "edge-api");
    const account = read(repo, "mfe-account");
    assert.deepEqual(Object.keys(api).sort(), [
      "EMAIL_API_TOKEN",
      "EMAIL_API_URL",
      "JWT_NEXT_PRIVATE_JWK",
      "JWT_PRIVATE_JWK",
      "MAIL_WEBHOOK_SECRET",
      "SECOND_FACTOR_KEY",
    ]);
    assert.match(api.SECOND_FACTOR_KEY ?? "", /^[A-Za-z0-9_-]{43}$/);
    assert.match(api.MAIL_WEBHOOK_SECRET ?? "", /^[A-Za-z0-9_-]{43}$/);
    assert.match(account.CSRF_SECRET ?? "", /^[A-Za-z0-9_-]{43}$/);
    for (const worker of ["edge-api", "mfe-account"]) {
      const mode = statSync(join(repo, ".secrets/production", `${worker}.env`)).mode & 0o777;
      assert.equal(mode, 0o600);
    }
    const printed = checklist.join("\n");
    assert.match(printed, /☐ EMAIL_API_TOKEN: fill in/);
    assert.match(
      printed,
      /npm run deploy:site -- --env production --secrets \.secrets\/production/,
    );
    for (const value of [...Object.values(api), ...Object.values(account)]) {
      if (value) assert.ok(!printed.includes(value), "a value was printed");
    }
  });

  test("refuses to overwrite existing files without --force; --only changes one secret", async () => {
    const repo = fixtureRepo();
    await generateSecrets(options(), repo);
    const before = read(repo, "edge-api");
    await assert.rejects(generateSecrets(options(), repo), /already exist.*--force/);
    assert.deepEqual(read(repo, "edge-api"), before);

    await generateSecrets(options({ only: ["JWT_NEXT_PRIVATE_JWK"] }), repo);
    const rotated = read(repo, "edge-api");
    assert.notEqual(rotated.JWT_NEXT_PRIVATE_JWK, before.JWT_NEXT_PRIVATE_JWK);
    assert.equal(rotated.JWT_PRIVATE_JWK, before.JWT_PRIVATE_JWK);
    assert.equal(rotated.SECOND_FACTOR_KEY, before.SECOND_FACTOR_KEY);

    await generateSecrets(options({ force: true }), repo);
    assert.notEqual(read(repo, "edge-api").JWT_PRIVATE_JWK, before.JWT_PRIVATE_JWK);
  });

  test("--only without the files says to generate them first", async () => {
    const repo = fixtureRepo();
    await assert.rejects(
      generateSecrets(options({ only: ["CSRF_SECRET"] }), repo),
      /run without --only first/,
    );
  });
});
