import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Tests run inside workerd. The real edge-api is another team's Worker, so the API binding
// answers 503 here; tests hand the Worker edge-api's own fake (`edge-api/fake`, set up in
// src/test/) and the factories it publishes instead.
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        serviceBindings: {
          API: async () => new Response("edge-api is faked in tests", { status: 503 }),
        },
      },
    }),
  ],
});
