import type { D1Migration } from "cloudflare:test";

// The test-only bindings (vitest.config.ts), on top of wrangler.toml's (worker-configuration.d.ts).
// Kept out of worker code so no other package inherits them.
declare global {
  namespace Cloudflare {
    interface Env {
      MIGRATION_DB: D1Database;
      TEST_MIGRATIONS: D1Migration[];
      PASSWORD_HASH_COST?: string;
    }
  }
}
