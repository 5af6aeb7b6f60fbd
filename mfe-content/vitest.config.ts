import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// The real edge-api is another team's Worker. Tests that need data pass their own fake API
// binding to the worker; requests through SELF meet this one, which knows nothing.
const emptyApi = async () =>
  new Response(JSON.stringify({ error: { code: "not_found", message: "Nothing here." } }), {
    status: 404,
    headers: { "content-type": "application/json" },
  });

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      // Fixed here so a developer's `.dev.vars` (written by `npm start` for its port) never
      // changes what the tests expect; the publication is the one wrangler.toml configures.
      miniflare: {
        serviceBindings: { API: emptyApi },
        bindings: {
          PUBLICATION_NAME: "The Daily Edge",
          PUBLIC_ORIGIN: "http://127.0.0.1:8787",
          PUBLICATION_TIME_ZONE: "Europe/London",
          ENVIRONMENT: "production",
        },
      },
    }),
  ],
  // The layout tests read the fragment's stylesheet as text (`?raw`); vitest empties CSS otherwise.
  test: { css: { include: [/fragment\.css/] } },
});
