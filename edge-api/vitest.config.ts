import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { base64url } from "jose";
import { defineConfig } from "vitest/config";

const migrationsDir = decodeURIComponent(new URL("./migrations", import.meta.url).pathname);
const migrations = await readD1Migrations(migrationsDir);

// A signing key and a second-factor key for this run only: tests never see the development
// keys in .dev.vars.
const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
  "sign",
  "verify",
])) as CryptoKeyPair;
const { kty, crv, x, y, d } = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
const testJwk = JSON.stringify({ kty, crv, x, y, d, kid: "test-key" });
const testSecondFactorKey = base64url.encode(crypto.getRandomValues(new Uint8Array(32)));

// Every test file gets its own storage; src/test/apply-migrations.ts migrates it first.
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // A second database, for the migration test that starts from an older schema.
        d1Databases: { DB: "daily-edge-test", MIGRATION_DB: "daily-edge-migration-test" },
        bindings: {
          TEST_MIGRATIONS: migrations,
          JWT_PRIVATE_JWK: testJwk,
          SECOND_FACTOR_KEY: testSecondFactorKey,
          ENVIRONMENT: "development",
          PUBLIC_ORIGIN: "https://dailyedge.test",
          // Cheap argon2id for speed; password-hashing.test.ts uses the real cost.
          PASSWORD_HASH_COST: "test-minimal",
        },
        // Tests never reach the network: a fetch to any other host (an import's photograph on
        // an old site, a mail API) gets this answer instead of a DNS lookup. Tests that fetch
        // pass their own fake fetch.
        outboundService: () =>
          new Response("The tests have no network: this outbound fetch was refused.", {
            status: 502,
          }),
      },
    }),
  ],
  test: {
    include: ["src/**/*.test.ts", "seed/**/*.test.ts"],
    setupFiles: ["./src/test/apply-migrations.ts", "./src/test/install-email-queue.ts"],
  },
});
