import { z } from "zod";
import type { ApiFetcher } from "edge-api/client";

/** The default for `PUBLICATION_TIME_ZONE`: which edition is "today" is decided in London. */
export const DEFAULT_TIME_ZONE = "Europe/London";

export const PUBLICATION_NAME = "The Daily Edge";

const FetcherSchema = z.custom<ApiFetcher>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as { fetch?: unknown }).fetch === "function",
  "must be a binding with fetch()",
);

const TimeZoneSchema = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, "PUBLICATION_TIME_ZONE must be an IANA time zone");

/** The bindings and variables this Worker needs (see wrangler.toml); checked on every render. */
export const PaperEnvSchema = z.object({
  ASSETS: FetcherSchema,
  API: FetcherSchema,
  /** Must match edge-api's: the API decides which editions are out, this Worker what "today" is. */
  PUBLICATION_TIME_ZONE: TimeZoneSchema.default(DEFAULT_TIME_ZONE),
});
export type PaperEnv = z.input<typeof PaperEnvSchema>;
