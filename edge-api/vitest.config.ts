import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const migrationsDir = decodeURIComponent(new URL("./migrations", import.meta.url).pathname);
const migrations = await readD1Migrations(migrationsDir);

// Every test file gets its own storage; src/test/apply-migrations.ts migrates it first.
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
    }),
  ],
  test: {
    include: ["src/**/*.test.ts"],
    setupFiles: ["./src/test/apply-migrations.ts"],
  },
});
