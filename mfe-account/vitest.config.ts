import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Tests run inside workerd. The real edge-api is another team's Worker, so the API binding
// answers 503 here; tests hand the Worker edge-api's own fake (`edge-api/fake`, see src/test/).
// The form-token secret is a fixed test value (in production it is a Worker secret). The
// publication is fixed here too, so a developer's `.dev.vars` (written by `npm start` for its
// port) never changes what the tests expect; it is the one wrangler.toml configures.
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          CSRF_SECRET: "test-only-csrf-secret-0123456789abcdef",
          PUBLICATION_NAME: "The Daily Edge",
          PUBLIC_ORIGIN: "http://127.0.0.1:8787",
          PUBLICATION_TIME_ZONE: "Europe/London",
        },
        serviceBindings: {
          API: async () => new Response("edge-api is faked in tests", { status: 503 }),
        },
      },
    }),
  ],
});
