import { z } from "zod";
import { PASSWORD_HASH_COST, TEST_PASSWORD_HASH_COST } from "./auth/password-hashing.ts";
import { workerSecretsOf, type WorkerSecrets } from "./worker-secrets.ts";

export { signingJwkSchema, type SigningJwk, type SigningKeys } from "./worker-secrets.ts";

const d1Binding = z.custom<D1Database>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as { prepare?: unknown }).prepare === "function",
  { message: "DB must be a D1 binding" },
);

const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, "PUBLICATION_TIME_ZONE must be an IANA time zone");

/** Local hour (0-23) at which the edition of a date comes out; wrangler vars are strings. */
const publishHour = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,2}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(0).max(23, "EDITION_PUBLISH_HOUR must be an hour from 0 to 23"));

const unsetWhenEmpty = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

/** An origin such as `https://dailyedge.example`: links in emails are built from it. */
const publicOrigin = z
  .url()
  .refine(
    (value) => new URL(value).origin === value.replace(/\/$/, ""),
    "PUBLIC_ORIGIN must be an origin",
  )
  .transform((value) => new URL(value).origin);

/**
 * The worker's bindings and variables, validated once per isolate; unknown keys are ignored.
 * Secrets are not here: they are read when a request needs them (worker-secrets.ts), so a
 * missing one cannot take down the routes that do not use it.
 */
export const workerConfigSchema = z
  .object({
    DB: d1Binding,
    /** The publication's name: the sender and signature of its emails. */
    PUBLICATION_NAME: z.string().trim().min(1).max(100),
    PUBLICATION_TIME_ZONE: timeZone,
    EDITION_PUBLISH_HOUR: publishHour.default(5),
    PUBLIC_ORIGIN: publicOrigin,
    /** "development" turns on the outbox mailer and the /_dev pages. */
    ENVIRONMENT: z.enum(["production", "development"]).default("production"),
    /**
     * "on" looks new passwords up in Have I Been Pwned's range API (k-anonymity, 1.5 s
     * timeout, never blocking when it fails); off by default, so development and tests stay
     * offline.
     */
    PWNED_PASSWORDS: z.enum(["on", "off"]).default("off"),
    /** Test-only binding (vitest.config.ts); absent everywhere else. */
    PASSWORD_HASH_COST: z.literal("test-minimal").optional(),
    /** Production mailer (see mail/http-mailer.ts); optional in development. */
    // Secrets (secrets.env.example), so checked where a message is sent, never here: a bad one
    // must not take down every route. Empty (an unfilled line of `wrangler secret bulk`) = unset.
    EMAIL_API_URL: unsetWhenEmpty,
    EMAIL_API_TOKEN: unsetWhenEmpty,
    /** The sender; by default the publication's name at `no-reply@` its public host. */
    EMAIL_FROM: z.string().min(3).optional(),
  })
  .transform(({ PASSWORD_HASH_COST: cost, EMAIL_FROM: from, ...config }) => ({
    ...config,
    EMAIL_FROM:
      from ?? `${config.PUBLICATION_NAME} <no-reply@${new URL(config.PUBLIC_ORIGIN).hostname}>`,
    /** Who emails are from, for their signature and links. */
    site: { name: config.PUBLICATION_NAME, origin: config.PUBLIC_ORIGIN },
    passwordHashCost: cost === "test-minimal" ? TEST_PASSWORD_HASH_COST : PASSWORD_HASH_COST,
  }));

export type WorkerConfig = z.infer<typeof workerConfigSchema> & WorkerSecrets;

let cached: { env: unknown; config: WorkerConfig } | undefined;

export function readWorkerConfig(env: unknown): WorkerConfig {
  if (cached && cached.env === env) return cached.config;
  const config = {
    ...workerConfigSchema.parse(env),
    ...workerSecretsOf(env as Record<string, unknown>),
  };
  cached = { env, config };
  return config;
}
