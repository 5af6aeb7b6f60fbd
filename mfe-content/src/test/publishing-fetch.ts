import { createExecutionContext, env } from "cloudflare:test";
import type { FakeApi } from "edge-api/fake";
import worker from "../worker/fragment-worker.ts";
import type { TestVars } from "./render-route.ts";

/** The origin wrangler.toml gives the test Worker (`PUBLIC_ORIGIN`). */
export const PUBLIC_ORIGIN = "http://127.0.0.1:8787";

/** A GET (or `method`) for a feed, sitemap or robots.txt, as the shell forwards it. */
export async function fetchPublishing(
  api: FakeApi,
  path: string,
  method: "GET" | "HEAD" | "POST" = "GET",
  vars: TestVars = {},
): Promise<Response> {
  return await worker.fetch(
    new Request(`https://content.internal${path}`, {
      method,
      headers: { "x-request-id": "test-request" },
    }),
    { ...env, ...vars, API: api.binding },
    createExecutionContext(),
  );
}
