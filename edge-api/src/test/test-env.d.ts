import type { D1Migration } from "cloudflare:test";

// Bindings as the tests see them. Kept out of worker code so no other package inherits it.
declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      MIGRATION_DB: D1Database;
      PUBLICATION_TIME_ZONE: string;
      TEST_MIGRATIONS: D1Migration[];
      JWT_PRIVATE_JWK: string;
      ENVIRONMENT: string;
      PUBLIC_ORIGIN: string;
      PASSWORD_HASH_COST?: string;
    }
  }
}
