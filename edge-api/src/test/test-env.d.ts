// Bindings as the tests see them. Kept out of worker code so no other package inherits it.
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    PUBLICATION_TIME_ZONE: string;
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}
