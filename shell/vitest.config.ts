import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    cloudflareTest({
      miniflare: { compatibilityDate: "2026-11-01" },
    }),
  ],
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "build/**/*.test.ts"],
    // The chrome tests read the shell's stylesheet as text (`?raw`); vitest empties CSS otherwise.
    css: { include: [/shell\.css/] },
  },
});
