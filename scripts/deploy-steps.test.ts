/**
 * The deploy scripts' arguments and secret files (scripts/deploy-steps.ts), offline: a dry-run
 * Deployer only prints what a real deploy would run. `npm run test:scripts` (node --test).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { loadSite } from "./deploy-config.ts";
import {
  Deployer,
  parseDeployArgs,
  provision,
  secretsToUpload,
  uploadSecrets,
} from "./deploy-steps.ts";
import { repoRoot } from "./local-stack.ts";

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function secretsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "deploy-secrets-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe("deploy arguments", () => {
  test("--env production is required, so the local configuration is never deployed", () => {
    assert.throws(() => parseDeployArgs([]), /--env production is required/);
    assert.throws(() => parseDeployArgs(["--dry-run"]), /--env production is required/);
  });

  test("only the production environment exists", () => {
    assert.throws(() => parseDeployArgs(["--env", "staging"]), /no environment "staging"/);
  });

  test("reads --dry-run and --secrets; refuses anything else", () => {
    assert.deepEqual(parseDeployArgs(["--env", "production", "--dry-run"]), {
      env: "production",
      dryRun: true,
      secrets: null,
    });
    assert.equal(parseDeployArgs(["--env=production", "--secrets", "s"]).secrets, "s");
    assert.throws(() => parseDeployArgs(["--env", "production", "--secrets"]), /needs a folder/);
    assert.throws(() => parseDeployArgs(["--env", "production", "--force"]), /unknown argument/);
    assert.throws(
      () => parseDeployArgs(["--env", "production", "--secrets", "s"], false),
      /unknown argument --secrets/,
    );
  });
});

describe("secret files", () => {
  const dryRun = new Deployer({ env: "production", dryRun: true, secrets: null });

  test("one <worker>.env per Worker that has secrets is accepted", () => {
    const dir = secretsDir({ "edge-api.env": "JWT_PRIVATE_JWK=x\n", "mfe-account.env": "A=1\n" });
    assert.doesNotThrow(() => uploadSecrets(dryRun, dir));
  });

  test("a file naming no Worker is refused before anything is uploaded", (t) => {
    const log = t.mock.method(console, "log", () => {});
    const dir = secretsDir({ "edge-api.env": "A=1\n", "mfe-paper-api.env": "A=1\n" });
    assert.throws(() => uploadSecrets(dryRun, dir), /mfe-paper-api\.env names no Worker/);
    const printed = log.mock.calls.map((call) => String(call.arguments[0]));
    assert.ok(!printed.some((line) => line.includes("secret bulk")), printed.join("\n"));
  });

  test("a missing or empty folder is refused", () => {
    assert.throws(() => uploadSecrets(dryRun, join(tmpdir(), "no-such-secrets")), /no such folder/);
    assert.throws(() => uploadSecrets(dryRun, secretsDir({})), /no <worker>\.env files/);
  });

  test("unfilled lines are never uploaded, so they cannot wipe a secret set by hand", () => {
    const text = [
      "# from the provider",
      "EMAIL_API_TOKEN=",
      'EMAIL_API_URL=""',
      'JWT_PRIVATE_JWK=\'{"kty":"EC","kid":"k1"}\'',
      "MAIL_WEBHOOK_SECRET=abc=def",
      "",
    ].join("\n");
    assert.deepEqual(secretsToUpload(text), {
      lines: ['JWT_PRIVATE_JWK=\'{"kty":"EC","kid":"k1"}\'', "MAIL_WEBHOOK_SECRET=abc=def"],
      unfilled: ["EMAIL_API_TOKEN", "EMAIL_API_URL"],
    });
  });

  test("a file of only unfilled lines uploads nothing for that Worker", (t) => {
    const log = t.mock.method(console, "log", () => {});
    const dir = secretsDir({ "edge-api.env": "A=1\n", "mfe-account.env": "B=\n" });
    uploadSecrets(dryRun, dir);
    const bulk = log.mock.calls
      .map((call) => String(call.arguments[0]))
      .filter((line) => line.includes("secret bulk"));
    assert.equal(bulk.length, 1, bulk.join("\n"));
    assert.match(bulk[0] ?? "", /edge-api\/wrangler\.toml/);
  });
});

describe("provisioning", () => {
  test("the media bucket is looked up and, when missing, created (R2 binds by name)", (t) => {
    const log = t.mock.method(console, "log", () => {});
    provision(new Deployer({ env: "production", dryRun: true, secrets: null }), loadSite(repoRoot));
    const printed = log.mock.calls.map((call) => String(call.arguments[0]));
    assert.ok(
      printed.includes("  would read: wrangler r2 bucket info daily-edge-media"),
      printed.join("\n"),
    );
    assert.ok(
      printed.includes("  would run: wrangler r2 bucket create daily-edge-media"),
      printed.join("\n"),
    );
    assert.ok(printed.includes("  R2 bucket daily-edge-media"), printed.join("\n"));
  });
});
