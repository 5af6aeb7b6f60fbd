import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Tests run inside workerd. The real edge-api is another team's Worker, so the API binding
// answers 503 here; tests hand the Worker fake bindings built from small factories instead.
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
