import { z } from "zod";
import { PASSWORD_HASH_COST, TEST_PASSWORD_HASH_COST } from "./auth/password-hashing.ts";

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

/** A P-256 private key as JWK, with the `kid` the JWKS publishes. */
export const signingJwkSchema = z.object({
  kty: z.literal("EC"),
  crv: z.literal("P-256"),
  x: z.string().min(1),
  y: z.string().min(1),
  d: z.string().min(1),
  kid: z.string().min(1).max(100),
});

export type SigningJwk = z.infer<typeof signingJwkSchema>;

const signingJwk = z
  .string({ message: "JWT_PRIVATE_JWK (a secret) must be set; scripts/dev-keys.ts makes one" })
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: "JWT_PRIVATE_JWK must be JSON" });
      return z.NEVER;
    }
  })
  .pipe(signingJwkSchema);

/**
 * The key that seals second-factor (TOTP) secrets at rest (AES-256-GCM): 32 random bytes as
 * base64url. A Worker secret like the signing key, so a copy of the database alone cannot
 * mint anyone's codes.
 */
const secondFactorKey = z
  .string({
    message: "SECOND_FACTOR_KEY (a secret) must be set; scripts/dev-keys.ts makes one",
  })
  .regex(/^[A-Za-z0-9_-]{43}$/, "SECOND_FACTOR_KEY must be 32 bytes as base64url");

/** An origin such as `https://dailyedge.example`: links in emails are built from it. */
const publicOrigin = z
  .url()
  .refine(
    (value) => new URL(value).origin === value.replace(/\/$/, ""),
    "PUBLIC_ORIGIN must be an origin",
  )
  .transform((value) => new URL(value).origin);

/** The worker's bindings and variables, validated once per isolate; unknown keys are ignored. */
export const workerConfigSchema = z
  .object({
    DB: d1Binding,
    /** The publication's name: the sender and signature of its emails. */
    PUBLICATION_NAME: z.string().trim().min(1).max(100),
    PUBLICATION_TIME_ZONE: timeZone,
    EDITION_PUBLISH_HOUR: publishHour.default(5),
    JWT_PRIVATE_JWK: signingJwk,
    SECOND_FACTOR_KEY: secondFactorKey,
    PUBLIC_ORIGIN: publicOrigin,
    /** "development" turns on the outbox mailer and the /_dev pages. */
    ENVIRONMENT: z.enum(["production", "development"]).default("production"),
    /** Test-only binding (vitest.config.ts); absent everywhere else. */
    PASSWORD_HASH_COST: z.literal("test-minimal").optional(),
    /** Production mailer (see mail/http-mailer.ts); optional in development. */
    EMAIL_API_URL: z.url().optional(),
    EMAIL_API_TOKEN: z.string().min(1).optional(),
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

export type WorkerConfig = z.infer<typeof workerConfigSchema>;

let cached: { env: unknown; config: WorkerConfig } | undefined;

export function readWorkerConfig(env: unknown): WorkerConfig {
  if (cached && cached.env === env) return cached.config;
  const config = workerConfigSchema.parse(env);
  cached = { env, config };
  return config;
}
