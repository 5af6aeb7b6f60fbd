import { z } from "zod";
import type { ApiFetcher } from "edge-api/client";

/**
 * The publication's time zone decides which edition is "today". One constant for now;
 * it moves into `PaperEnvSchema` as a variable when another market needs it.
 */
export const PUBLICATION_TIME_ZONE = "Europe/London";

export const PUBLICATION_NAME = "The Daily Edge";

const FetcherSchema = z.custom<ApiFetcher>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as { fetch?: unknown }).fetch === "function",
  "must be a binding with fetch()",
);

/** The bindings this Worker needs (see wrangler.toml); checked on every render. */
export const PaperEnvSchema = z.object({
  ASSETS: FetcherSchema,
  API: FetcherSchema,
});
export type PaperEnv = z.infer<typeof PaperEnvSchema>;
