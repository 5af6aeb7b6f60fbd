import { z } from "zod";

/**
 * The Worker's secrets, read when a request first needs one, never up front: a missing or
 * malformed secret fails only the requests that use it (503 `service_unavailable` and a
 * `secret_unusable` log line, from the router's error handler), so reading articles, the home
 * page or the feeds never depends on the signing key or the second-factor key. Each value is
 * parsed once per isolate (the config that holds the readers is cached per env object).
 * docs/secrets.md lists every secret, how to make it and what stops without it.
 */

export type SecretProblem = "missing" | "malformed";

/** Thrown by a secret's reader; the router answers 503 and logs it, never the value. */
export class SecretUnusableError extends Error {
  readonly secret: string;
  readonly reason: SecretProblem;
  /** What the caller is told: which feature is unavailable, never why. */
  readonly unavailable: string;

  constructor(secret: string, reason: SecretProblem, detail: string, unavailable: string) {
    super(`${secret} is ${reason}: ${detail}`);
    this.name = "SecretUnusableError";
    this.secret = secret;
    this.reason = reason;
    this.unavailable = unavailable;
  }
}

/** How to read one secret: its name, what it turns into and what stops without it. */
interface SecretSpec<T> {
  name: string;
  /** The parsed value, or a sentence saying what is wrong (never quoting the value). */
  parse(text: string): T | { problem: string };
  /** The caller's message while the secret is unusable. */
  unavailable: string;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: SecretUnusableError };

function outcomeOf<T>(raw: unknown, spec: SecretSpec<T>): Outcome<T | undefined> {
  // `wrangler secret bulk` of an empty line sets "": as good as never set.
  if (raw === undefined || raw === null || raw === "") return { ok: true, value: undefined };
  const unusable = (detail: string) => ({
    ok: false as const,
    error: new SecretUnusableError(spec.name, "malformed", detail, spec.unavailable),
  });
  if (typeof raw !== "string") return unusable("not a string");
  const parsed = spec.parse(raw);
  return isProblem(parsed) ? unusable(parsed.problem) : { ok: true, value: parsed };
}

function isProblem(value: unknown): value is { problem: string } {
  return typeof value === "object" && value !== null && "problem" in value;
}

/** A reader that parses on first use and then answers from memory (value or the same error). */
function lazily<T>(read: () => Outcome<T>): () => T {
  let outcome: Outcome<T> | undefined;
  return () => {
    outcome ??= read();
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  };
}

/** A secret that must be set: missing is an error like malformed. */
function requiredSecret<T>(env: Record<string, unknown>, spec: SecretSpec<T>): () => T {
  return lazily(() => {
    const outcome = outcomeOf(env[spec.name], spec);
    if (outcome.ok && outcome.value === undefined) {
      const detail = "not set (docs/secrets.md says how to make it)";
      return {
        ok: false,
        error: new SecretUnusableError(spec.name, "missing", detail, spec.unavailable),
      };
    }
    return outcome as Outcome<T>;
  });
}

/** A secret that may be left unset (undefined then); set but malformed is still an error. */
function optionalSecret<T>(env: Record<string, unknown>, spec: SecretSpec<T>): () => T | undefined {
  return lazily(() => outcomeOf(env[spec.name], spec));
}

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

function parseSigningJwk(text: string): SigningJwk | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: "not JSON" };
  }
  const parsed = signingJwkSchema.safeParse(json);
  // zod's issue paths name fields (`d`, `kid`), never the key material.
  return parsed.success
    ? parsed.data
    : {
        problem: `not a P-256 private JWK with a kid (${parsed.error.issues
          .map((issue) => issue.path.join(".") || "(key)")
          .join(", ")})`,
      };
}

/**
 * The keys of access tokens: `current` signs and verifies; `next` (optional) is published in
 * the JWKS and verifies, so a key can be rotated without logging anyone out (docs/secrets.md).
 */
export interface SigningKeys {
  current: SigningJwk;
  next: SigningJwk | null;
}

const SIGN_IN_UNAVAILABLE = "Signing in is unavailable just now. Please try again later.";

const currentKeySpec: SecretSpec<SigningJwk> = {
  name: "JWT_PRIVATE_JWK",
  parse: parseSigningJwk,
  unavailable: SIGN_IN_UNAVAILABLE,
};

const nextKeySpec: SecretSpec<SigningJwk> = {
  name: "JWT_NEXT_PRIVATE_JWK",
  parse: parseSigningJwk,
  unavailable: SIGN_IN_UNAVAILABLE,
};

/**
 * The key that seals second-factor (TOTP) secrets at rest (AES-256-GCM): 32 random bytes as
 * base64url. A Worker secret like the signing key, so a copy of the database alone cannot
 * mint anyone's codes.
 */
const secondFactorKeySpec: SecretSpec<string> = {
  name: "SECOND_FACTOR_KEY",
  parse: (text) =>
    /^[A-Za-z0-9_-]{43}$/.test(text) ? text : { problem: "not 32 bytes as base64url" },
  unavailable: "Two-step verification is unavailable just now. Please try again later.",
};

/** The secrets as the handlers read them; each call throws `SecretUnusableError` when unusable. */
export interface WorkerSecrets {
  /** The access-token keys: sign-in, refresh, every account and newsroom route, the JWKS. */
  signingKeys(): SigningKeys;
  /** The TOTP sealing key: enrolling and passing the second factor. */
  secondFactorKey(): string;
}

export function workerSecretsOf(env: Record<string, unknown>): WorkerSecrets {
  const current = requiredSecret(env, currentKeySpec);
  const next = optionalSecret(env, nextKeySpec);
  return {
    signingKeys() {
      const keys = { current: current(), next: next() ?? null };
      // Tokens name their key by kid: two keys with one kid could not be told apart.
      if (keys.next?.kid === keys.current.kid) {
        const detail = "has the same kid as JWT_PRIVATE_JWK (give every key its own kid)";
        throw new SecretUnusableError(nextKeySpec.name, "malformed", detail, SIGN_IN_UNAVAILABLE);
      }
      return keys;
    },
    secondFactorKey: requiredSecret(env, secondFactorKeySpec),
  };
}
