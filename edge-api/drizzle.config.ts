import { defineConfig } from "drizzle-kit";

// Generation only: migrations are applied with `wrangler d1 migrations apply`.
export default defineConfig({
  dialect: "sqlite",
  schema: [
    "./src/db/schema.ts",
    "./src/db/account-schema.ts",
    "./src/db/mail-schema.ts",
    "./src/db/front-page-schema.ts",
    "./src/db/live-schema.ts",
    "./src/db/media-schema.ts",
    "./src/db/print-desk-schema.ts",
    "./src/db/import-schema.ts",
  ],
  out: "./migrations",
});
