import { z } from "zod";
import { createEnvReader, FetcherSchema } from "shell/fragment-kit/env";
import { PublicationEnvSchema } from "shell/fragment-kit/publication";

/**
 * The paper Worker's bindings and variables (wrangler.toml), checked once per isolate by the
 * kit's reader. The publication's name, origin and time zone come from `[vars]`: the time zone
 * decides which date is "today" and must match edge-api's, which decides which editions are out.
 */
export const PaperEnvSchema = z.object({
  ...PublicationEnvSchema.shape,
  ASSETS: FetcherSchema,
  API: FetcherSchema,
});

/** The bindings as wrangler provides them (`Env` in worker-configuration.d.ts must fit). */
export type PaperEnv = z.input<typeof PaperEnvSchema>;
export type CheckedPaperEnv = z.output<typeof PaperEnvSchema>;

/** Throws `bad_configuration` naming the bad keys, never their values. */
export const readPaperEnv = createEnvReader("paper", PaperEnvSchema);
