import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Runs before each test file, against that file's own fresh D1.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
