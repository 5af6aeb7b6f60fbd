/**
 * The production configuration rules (scripts/deploy-config.ts) over fixtures: copies of the
 * repository's wrangler configurations, each broken in one way, read by wrangler itself.
 * `npm run test:scripts` (node --test).
 */
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { checkSite, isZeroId, loadSite, siteWorkers } from "./deploy-config.ts";
import { setProductionId, siteResources } from "./deploy-resources.ts";
import { repoRoot } from "./local-stack.ts";

const fixtures: string[] = [];
after(() => {
  for (const dir of fixtures) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the site's configurations with `edit` applied to one file, checked by the rules. */
function problemsWith(
  file: string | null,
  edit: (toml: string) => string,
  requireIds = false,
): string[] {
  const root = mkdtempSync(join(tmpdir(), "deploy-config-"));
  fixtures.push(root);
  for (const { config } of siteWorkers) {
    cpSync(join(repoRoot, config), join(root, config), { recursive: true });
  }
  if (file !== null) {
    const path = join(root, file);
    const before = readFileSync(path, "utf8");
    const after = edit(before);
    assert.notEqual(after, before, `the fixture edit changed nothing in ${file}`);
    writeFileSync(path, after);
  }
  return checkSite(loadSite(root), { requireIds });
}

function replace(from: string | RegExp, to: string): (toml: string) => string {
  return (toml) => toml.replace(from, to);
}

/** The text after `[env.production]`, where the production settings live. */
function inProduction(edit: (toml: string) => string): (toml: string) => string {
  return (toml) => {
    const at = toml.indexOf("[env.production]");
    return toml.slice(0, at) + edit(toml.slice(at));
  };
}

function assertProblem(problems: string[], expected: RegExp): void {
  assert.ok(
    problems.some((problem) => expected.test(problem)),
    `expected a problem matching ${expected}, got:\n${problems.join("\n") || "(none)"}`,
  );
}

const productionId = (table: string, match: string, key: string, id: string) => (toml: string) =>
  setProductionId(toml, { env: "production", table, match, key, id });

describe("the production configuration check", () => {
  test("the repository's configuration passes", () => {
    assert.deepEqual(
      problemsWith(null, (toml) => toml),
      [],
    );
  });

  test("fails on a zero D1 id in production", () => {
    const edit = productionId(
      "d1_databases",
      'database_name = "daily-edge"',
      "database_id",
      "00000000-0000-0000-0000-000000000000",
    );
    assertProblem(
      problemsWith("edge-api/wrangler.toml", edit),
      /edge-api D1 DB has the placeholder id 00000000-0000-0000-0000-000000000000/,
    );
  });

  test("fails on a zero KV id in production", () => {
    const edit = productionId("kv_namespaces", 'binding = "RELEASES"', "id", "0".repeat(32));
    assertProblem(
      problemsWith("mfe-content/wrangler.toml", edit),
      /mfe-content KV RELEASES has the placeholder id 0{32}/,
    );
  });

  test("a missing id passes the repository check but fails a real deploy's", () => {
    assertProblem(
      problemsWith(null, (t) => t, true),
      /edge-api D1 DB has no id/,
    );
    assertProblem(
      problemsWith(null, (t) => t, true),
      /mfe-paper KV RELEASES has no id/,
    );
    const real = "0123456789abcdef0123456789abcdef";
    const edit = productionId("kv_namespaces", 'binding = "RELEASES"', "id", real);
    assert.ok(
      !problemsWith("mfe-paper/wrangler.toml", edit, true).some((p) => /mfe-paper KV/.test(p)),
    );
  });

  test("fails on a localhost origin in production", () => {
    const edit = inProduction(
      replace(
        'PUBLIC_ORIGIN = "https://dailyedge.example"',
        'PUBLIC_ORIGIN = "http://127.0.0.1:8787"',
      ),
    );
    const problems = problemsWith("wrangler.toml", edit);
    assertProblem(problems, /shell PUBLIC_ORIGIN "http:\/\/127.0.0.1:8787" is a local address/);
    assertProblem(problems, /is not https/);
  });

  test("fails on a production var pointing at localhost", () => {
    const edit = inProduction(
      replace('EDGE_CACHE = "on"', 'EDGE_CACHE = "on"\nSOME_URL = "http://localhost:8787/x"'),
    );
    assertProblem(problemsWith("wrangler.toml", edit), /var SOME_URL .* is a local address/);
  });

  test("fails when the shell's custom domain is not PUBLIC_ORIGIN's host", () => {
    const edit = replace('pattern = "dailyedge.example"', 'pattern = "other.example"');
    assertProblem(
      problemsWith("wrangler.toml", edit),
      /shell has no custom domain route for PUBLIC_ORIGIN's host dailyedge.example/,
    );
  });

  test("fails when a Worker's production origin is not the shell's", () => {
    const edit = inProduction(
      replace(
        'PUBLIC_ORIGIN = "https://dailyedge.example"',
        'PUBLIC_ORIGIN = "https://old.example"',
      ),
    );
    assertProblem(
      problemsWith("mfe-paper/wrangler.toml", edit),
      /mfe-paper PUBLIC_ORIGIN "https:\/\/old.example" differs from the site's/,
    );
  });

  test("fails when an internal Worker is public on workers.dev in production", () => {
    const edit = replace(/workers_dev = false\n/g, "");
    assertProblem(
      problemsWith("edge-api/wrangler.toml", edit),
      /edge-api is private but not workers_dev = false in production/,
    );
  });

  test("fails when an internal Worker has preview URLs in production", () => {
    const edit = inProduction(replace("preview_urls = false", "preview_urls = true"));
    assertProblem(
      problemsWith("mfe-account/wrangler.toml", edit),
      /mfe-account is private but not preview_urls = false in production/,
    );
  });

  test("fails when the assets Worker is public", () => {
    const edit = replace(/workers_dev = false\n/g, "workers_dev = true\n");
    assertProblem(
      problemsWith("shell/wrangler.assets.toml", edit),
      /shell-assets is private but not workers_dev = false/,
    );
  });

  test("fails on a Worker without [observability] enabled = true", () => {
    const edit = replace("[observability]\nenabled = true\n", "");
    assertProblem(
      problemsWith("mfe-paper/wrangler.toml", edit),
      /mfe-paper has no \[observability\] enabled = true/,
    );
    const off = inProduction(replace("enabled = true", "enabled = false"));
    assertProblem(
      problemsWith("edge-api/wrangler.toml", off),
      /edge-api has no \[env.production.observability\] enabled = true/,
    );
  });

  test("fails on a production service binding to an internal Worker without its entrypoint", () => {
    const edit = inProduction(
      replace('service = "edge-api"\nentrypoint = "Internal"', 'service = "edge-api"'),
    );
    assertProblem(
      problemsWith("wrangler.toml", edit),
      /shell service API reaches edge-api without entrypoint = "Internal"/,
    );
  });

  test("fails when a top-level binding is not repeated in production", () => {
    const edit = inProduction(
      replace(
        '[[env.production.queues.producers]]\nbinding = "EMAIL_QUEUE"\nqueue = "daily-edge-email"\n',
        "",
      ),
    );
    assertProblem(
      problemsWith("edge-api/wrangler.toml", edit),
      /edge-api queue producer EMAIL_QUEUE is not repeated in \[env.production\]/,
    );
  });

  test("fails when the media bucket or the Images binding is not repeated in production", () => {
    const edit = inProduction(
      replace(
        '[[env.production.r2_buckets]]\nbinding = "MEDIA"\nbucket_name = "daily-edge-media"\n\n[env.production.images]\nbinding = "IMAGES"\n',
        "",
      ),
    );
    const problems = problemsWith("edge-api/wrangler.toml", edit);
    assertProblem(problems, /edge-api R2 MEDIA is not repeated in \[env.production\]/);
    assertProblem(problems, /edge-api Images IMAGES is not repeated in \[env.production\]/);
  });

  test("fails when production renames a Worker (wrangler's -production suffix)", () => {
    const edit = replace('[env.production]\nname = "mfe-paper"\n', "[env.production]\n");
    const problems = problemsWith("mfe-paper/wrangler.toml", edit);
    assertProblem(problems, /mfe-paper is named "mfe-paper-production" in production/);
    assertProblem(problems, /shell service PAPER names "mfe-paper", no Worker of the site/);
  });
});

describe("provisioning helpers", () => {
  test("setProductionId adds or replaces the id in the production block only", () => {
    const toml = [
      "[[kv_namespaces]]",
      'binding = "RELEASES"',
      'id = "local"',
      "",
      "[[env.production.kv_namespaces]]",
      'binding = "RELEASES"',
      "",
      "[env.production.vars]",
    ].join("\n");
    const set = (text: string, id: string) =>
      setProductionId(text, {
        env: "production",
        table: "kv_namespaces",
        match: 'binding = "RELEASES"',
        key: "id",
        id,
      });
    const once = set(toml, "abc");
    assert.match(once, /\[\[env.production.kv_namespaces\]\]\nbinding = "RELEASES"\nid = "abc"\n/);
    assert.match(once, /^\[\[kv_namespaces\]\]\nbinding = "RELEASES"\nid = "local"/);
    assert.equal(set(once, "def"), once.replace('id = "abc"', 'id = "def"'));
  });

  test("one KV namespace per binding for the whole site, every queue once", () => {
    const resources = siteResources(loadSite(repoRoot));
    assert.deepEqual(resources.databases, ["daily-edge"]);
    assert.deepEqual([...resources.namespaces], [["RELEASES", "daily-edge-releases"]]);
    assert.deepEqual(resources.queues.sort(), [
      "daily-edge-email",
      "daily-edge-email-dlq",
      "daily-edge-imports",
    ]);
    assert.deepEqual(resources.buckets, ["daily-edge-media"]);
  });

  test("isZeroId", () => {
    assert.ok(isZeroId("00000000-0000-0000-0000-000000000000"));
    assert.ok(!isZeroId("0123456789abcdef0123456789abcdef"));
  });
});
