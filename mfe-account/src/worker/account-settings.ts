import { z } from "zod";
import type { ApiFetcher } from "edge-api/client";

export { PUBLICATION_NAME } from "../ui/publication.ts";

const FetcherSchema = z.custom<ApiFetcher>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as { fetch?: unknown }).fetch === "function",
  "must be a binding with fetch()",
);

/**
 * The bindings this Worker needs (see wrangler.toml); checked on every render.
 * `CSRF_SECRET` is a Worker secret (`wrangler secret put CSRF_SECRET`); locally it comes from
 * `.dev.vars`, which `scripts/dev-secrets.ts` writes, and in tests from vitest's bindings.
 */
export const AccountEnvSchema = z.object({
  ASSETS: FetcherSchema,
  API: FetcherSchema,
  CSRF_SECRET: z.string().min(32, "CSRF_SECRET must be at least 32 characters"),
});
export type AccountEnv = z.infer<typeof AccountEnvSchema>;
