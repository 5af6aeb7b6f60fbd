import { z } from "zod";
import { createEnvReader, FetcherSchema } from "shell/fragment-kit/env";
import { PublicationEnvSchema } from "shell/fragment-kit/publication";

/**
 * The content Worker's bindings and variables (wrangler.toml), checked once per isolate by the
 * kit's reader. ASSETS serves the browser remote; API is the service binding to edge-api. The
 * publication's name, public origin and time zone come from `[vars]`: the name is in every
 * title, head and feed, the origin in the absolute URLs of feeds, sitemaps and robots.txt (never
 * a request's Host header), and dates are shown in the time zone.
 */
export const ContentEnvSchema = z.object({
  ...PublicationEnvSchema.shape,
  ASSETS: FetcherSchema,
  API: FetcherSchema,
});

/** The bindings as wrangler provides them (`Env` in worker-configuration.d.ts must fit). */
export type ContentEnv = z.input<typeof ContentEnvSchema>;
/** The bindings once validated (the origin normalised, without a trailing slash). */
export type CheckedContentEnv = z.output<typeof ContentEnvSchema>;

/** Throws `bad_configuration` naming the bad keys, never their values. */
export const readContentEnv = createEnvReader("content", ContentEnvSchema);
