import { z } from "zod";
import type { ApiFetcher } from "edge-api/client";

export const PUBLICATION_NAME = "The Daily Edge";

const FetcherSchema = z.custom<ApiFetcher>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as { fetch?: unknown }).fetch === "function",
  "must be a binding with fetch()",
);

/**
 * The bindings this Worker needs (see wrangler.toml); checked on every render. The screens do
 * not call the API yet, but the binding is declared so that real sign-in can use it.
 */
export const AccountEnvSchema = z.object({
  ASSETS: FetcherSchema,
  API: FetcherSchema,
});
export type AccountEnv = z.infer<typeof AccountEnvSchema>;
