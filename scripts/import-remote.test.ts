/**
 * `npm run import -- --remote` (issue 18): where it writes, the configuration that reaches it,
 * its confirmation, its schema check and its failures, all without the network: the generated
 * configuration is read back by wrangler itself, the schema check runs on a local D1.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { getPlatformProxy, unstable_readConfig, type Unstable_Config } from "wrangler";
import {
  checkRemoteSchema,
  confirmation,
  describeTarget,
  loadApiProduction,
  localMigrations,
  pendingMigrations,
  remoteFailure,
  remoteTarget,
  RUN_AGAIN,
  type ApiProductionConfig,
  type RemoteTarget,
} from "./import-remote.ts";

const root = resolve(import.meta.dirname, "..");
// The local D1 below is Miniflare's: without this it would fetch a `Request.cf` sample online.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
const ID = "0a1b2c3d-1111-2222-3333-444455556666";

/** The repository's edge-api production configuration, as if `deploy:site` had written its id. */
function deployedApi(changes: Partial<ApiProductionConfig> = {}): ApiProductionConfig {
  const production = loadApiProduction(root);
  return {
    ...production,
    d1_databases: production.d1_databases.map((db) => ({ ...db, database_id: ID })),
    ...changes,
  };
}

function target(production = deployedApi(), account?: string): RemoteTarget {
  const result = remoteTarget(production, account);
  if ("problem" in result) assert.fail(result.problem);
  return result;
}

function problemOf(production: ApiProductionConfig): string {
  const result = remoteTarget(production, undefined);
  assert.ok("problem" in result, "expected a refusal");
  return result.problem;
}

describe("remoteTarget", () => {
  it("binds DB, MEDIA and IMAGES to production's resources, each remote, as wrangler reads it", () => {
    const remote = target();
    assert.equal(remote.environment, "production");
    assert.equal(remote.databaseName, "daily-edge");
    assert.equal(remote.databaseId, ID);
    assert.equal(remote.bucketName, "daily-edge-media");
    assert.equal(remote.migrationsTable, "d1_migrations");
    // Wrangler itself reads the generated file under that environment.
    const dir = mkdtempSync(join(tmpdir(), "import-remote-test-"));
    try {
      const file = join(dir, "wrangler.json");
      writeFileSync(file, JSON.stringify(remote.config));
      // Typed here: wrangler's declaration of it reaches the scripts' program as `any`.
      const read: Unstable_Config = unstable_readConfig({
        config: file,
        env: remote.environment,
      });
      assert.equal(read.name, "edge-api-import", "never the deployed Worker's own name");
      assert.deepEqual(
        read.d1_databases.map((db) => ({
          binding: db.binding,
          database_name: db.database_name,
          database_id: db.database_id,
          remote: db.remote,
        })),
        [{ binding: "DB", database_name: "daily-edge", database_id: ID, remote: true }],
      );
      assert.deepEqual(
        read.r2_buckets.map((r2) => ({
          binding: r2.binding,
          bucket_name: r2.bucket_name,
          remote: r2.remote,
        })),
        [{ binding: "MEDIA", bucket_name: "daily-edge-media", remote: true }],
      );
      assert.deepEqual(read.images, { binding: "IMAGES", remote: true });
      assert.equal(read.compatibility_date, loadApiProduction(root).compatibility_date);
      // Nothing else of edge-api's (its queues, vars, code) goes into the proxy.
      assert.deepEqual(read.queues, { consumers: [], producers: [] });
      assert.deepEqual(read.vars, {});
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a production database without its id: deploy the API first", () => {
    const production = loadApiProduction(root);
    // The repository as committed before a first deploy: no id in [env.production].
    const withoutId = {
      ...production,
      d1_databases: production.d1_databases.map((db) => ({ ...db, database_id: undefined })),
    };
    assert.match(problemOf(withoutId), /no id for the database daily-edge.*deploy the API first/);
    const zero = deployedApi({
      d1_databases: [
        {
          binding: "DB",
          database_name: "daily-edge",
          database_id: "00000000-0000-0000-0000-000000000000",
        },
      ],
    });
    assert.match(problemOf(zero), /deploy the API first \(npm run deploy:site -- --env production/);
  });

  it("refuses a configuration without DB, MEDIA or IMAGES", () => {
    assert.match(problemOf(deployedApi({ d1_databases: [] })), /binds no D1 database DB/);
    assert.match(problemOf(deployedApi({ r2_buckets: [] })), /binds no R2 bucket MEDIA/);
    assert.match(problemOf(deployedApi({ images: undefined })), /binds no IMAGES/);
  });

  it("names the account from the configuration, else CLOUDFLARE_ACCOUNT_ID, else wrangler's", () => {
    assert.equal(
      target(deployedApi({ account_id: "acc-config" }), "acc-env").accountId,
      "acc-config",
    );
    assert.equal(target(deployedApi({ account_id: "acc-config" })).config.account_id, "acc-config");
    assert.equal(target(deployedApi(), "acc-env").accountId, "acc-env");
    assert.equal(target(deployedApi(), "acc-env").config.account_id, "acc-env");
    assert.equal(target(deployedApi(), "").accountId, null);
    assert.equal(target(deployedApi()).config.account_id, undefined);
  });
});

describe("describeTarget", () => {
  it("says which database, bucket and account before anything is written", () => {
    const lines = describeTarget(target(deployedApi(), "acc-env"), false);
    assert.match(lines, /writes to PRODUCTION/);
    assert.match(lines, new RegExp(`D1 database daily-edge \\(${ID}\\)`));
    assert.match(lines, /R2 bucket daily-edge-media/);
    assert.match(lines, /on account acc-env/);
    assert.match(
      describeTarget(target(), true),
      /Dry run against PRODUCTION: reads the database daily-edge, writes nothing[\s\S]*wrangler login or CLOUDFLARE_API_TOKEN reaches/,
    );
  });
});

describe("confirmation", () => {
  it("asks on a terminal, takes --yes from a script, and refuses a script without it", () => {
    assert.equal(confirmation({ dryRun: false, yes: false, interactive: true }), "ask");
    assert.equal(confirmation({ dryRun: false, yes: true, interactive: false }), "none");
    assert.equal(confirmation({ dryRun: false, yes: true, interactive: true }), "none");
    const refused = confirmation({ dryRun: false, yes: false, interactive: false });
    assert.ok(typeof refused === "object");
    assert.match(
      refused.problem,
      /no terminal here to confirm it on: run it in a terminal, or add --yes/,
    );
    assert.match(refused.problem, /Nothing was written\.$/);
  });

  it("needs none for a dry run, which writes nothing", () => {
    assert.equal(confirmation({ dryRun: true, yes: false, interactive: false }), "none");
    assert.equal(confirmation({ dryRun: true, yes: false, interactive: true }), "none");
  });
});

describe("the remote schema", () => {
  it("lists this checkout's migrations a database has not applied, in order", () => {
    assert.deepEqual(
      pendingMigrations(["0002_b.sql", "0000_a.sql", "0001_c.sql"], ["0000_a.sql"]),
      ["0001_c.sql", "0002_b.sql"],
    );
    assert.deepEqual(pendingMigrations(["0000_a.sql"], ["0000_a.sql", "0099_newer.sql"]), []);
    assert.ok(localMigrations(root).includes("0020_imports.sql"));
    assert.ok(localMigrations(root).every((name) => name.endsWith(".sql")));
  });

  describe("on a D1 database (local, in memory)", () => {
    let dir: string;
    let proxy: Awaited<ReturnType<typeof getPlatformProxy<{ DB: D1Database }>>>;
    const local = localMigrations(root);
    const remote = target();

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), "import-remote-d1-"));
      const configPath = join(dir, "wrangler.json");
      writeFileSync(
        configPath,
        JSON.stringify({
          name: "import-remote-test",
          compatibility_date: "2026-11-01",
          d1_databases: [{ binding: "DB", database_name: "test", database_id: ID }],
        }),
      );
      proxy = await getPlatformProxy({ configPath, persist: false, remoteBindings: false });
    });
    after(async () => {
      await proxy.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    it("refuses a database the API was never deployed to (no migrations table)", async () => {
      const problem = await checkRemoteSchema(proxy.env.DB, remote, local);
      assert.match(
        problem ?? "",
        new RegExp(
          `lacks ${local.length} of this checkout's migrations \\(0000_init.sql, .*\\); an import does not apply them: deploy the API first`,
        ),
      );
    });

    it("refuses one without the import tables, accepts one with every migration", async () => {
      await proxy.env.DB.exec(
        "CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TEXT)",
      );
      const before0020 = local.filter((name) => name < "0020");
      await proxy.env.DB.batch(
        before0020.map((name) =>
          proxy.env.DB.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name),
        ),
      );
      assert.match(
        (await checkRemoteSchema(proxy.env.DB, remote, local)) ?? "",
        /lacks \d+ of this checkout's migrations \(0020_imports.sql, 0021_import_jobs.sql/,
      );
      await proxy.env.DB.batch(
        local
          .filter((name) => name >= "0020")
          .map((name) =>
            proxy.env.DB.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name),
          ),
      );
      assert.equal(await checkRemoteSchema(proxy.env.DB, remote, local), null);
    });
  });
});

describe("remoteFailure", () => {
  it("says Cloudflare could not be reached, from the cause's code", () => {
    const error = new Error("fetch failed", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:443"), {
        code: "ECONNREFUSED",
      }),
    });
    assert.equal(
      remoteFailure(error),
      "Cloudflare could not be reached (ECONNREFUSED): check the connection and try again. Nothing was written.",
    );
  });

  it("says wrangler could not sign in, without wrangler's paragraph", () => {
    const error = new Error(
      "In a non-interactive environment, it's necessary to set a CLOUDFLARE_API_TOKEN environment variable for wrangler to work. Please go to https://…",
    );
    assert.equal(
      remoteFailure(error),
      "Wrangler could not sign in to Cloudflare: run `npx wrangler login`, or set CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID), then try again. Nothing was written.",
    );
  });

  it("keeps the first line of what wrangler printed, without its colours or stack", () => {
    const printed =
      "\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m \u001b[1mYou need to register a workers.dev subdomain first.\u001b[0m\n\n    at fetch (cli.js:1:1)";
    assert.equal(
      remoteFailure(new Error("Failed to start the remote proxy session."), RUN_AGAIN, [printed]),
      `Cloudflare answered with an error: You need to register a workers.dev subdomain first. ${RUN_AGAIN}`,
    );
  });
});
