import { z } from "zod";
import { createEnvReader, FetcherSchema } from "shell/fragment-kit/env";
import { PublicationEnvSchema } from "shell/fragment-kit/publication";

/**
 * The account Worker's bindings, variables and secret (wrangler.toml), checked once per isolate
 * by the kit's reader. The publication's name, origin and time zone come from `[vars]`: the name
 * is in every account screen's head and in the logout screen, and reaches the browser in the
 * view's `publication`, so both sides render the same text.
 * `CSRF_SECRET` is a Worker secret (`npm run secrets:generate`, docs/secrets.md); locally it
 * comes from `.dev.vars`, which `scripts/dev-secrets.ts` writes, and in tests from vitest's
 * bindings.
 */
export const AccountEnvSchema = z.object({
  ...PublicationEnvSchema.shape,
  ASSETS: FetcherSchema,
  API: FetcherSchema,
  // Checked where a form token is made or verified (form-tokens.ts), not here: without it the
  // screens with forms are unavailable, the others still render.
  CSRF_SECRET: z.string().optional(),
});

/** The bindings as wrangler provides them (`Env` in worker-configuration.d.ts must fit). */
export type AccountEnv = z.input<typeof AccountEnvSchema>;
export type CheckedAccountEnv = z.output<typeof AccountEnvSchema>;

/** Throws `bad_configuration` naming the bad keys, never their values. */
export const readAccountEnv = createEnvReader("account", AccountEnvSchema);
