import { z } from "zod";

/**
 * The publication's identity, read from configuration (wrangler.toml `[vars]`) and never
 * written as a literal: its name, its public origin and the time zone its calendar dates are
 * in (which day is "today", which edition is out). Every Worker that shows or computes them has
 * the same three variables; a fragment merges `PublicationEnvSchema.shape` into its env schema
 * (see fragment-env.ts) and reads `publicationOf(env)`.
 */

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone the runtime knows (`Europe/London`). */
export const TimeZoneSchema = z.string().min(1).refine(isTimeZone, "must be an IANA time zone");

export const PublicationEnvSchema = z.object({
  PUBLICATION_NAME: z.string().trim().min(1).max(100),
  /** For canonical and absolute URLs; never taken from a request's Host header. */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin),
  PUBLICATION_TIME_ZONE: TimeZoneSchema,
});
export type PublicationEnv = z.input<typeof PublicationEnvSchema>;

export interface Publication {
  /** "The Daily Edge" */
  name: string;
  /** `https://…`, without a trailing slash. */
  origin: string;
  /** IANA zone of the publication's calendar dates. */
  timeZone: string;
}

/** The publication from an env already validated with `PublicationEnvSchema` merged in. */
export function publicationOf(env: z.output<typeof PublicationEnvSchema>): Publication {
  return {
    name: env.PUBLICATION_NAME,
    origin: env.PUBLIC_ORIGIN,
    timeZone: env.PUBLICATION_TIME_ZONE,
  };
}

const read = new WeakMap<object, Publication>();

/**
 * The publication from a Worker's raw env, validated once per env object, for a Worker that
 * does not merge the schema into its own (the shell). Throws a message naming the bad keys.
 */
export function readPublication(env: PublicationEnv): Publication {
  const known = read.get(env);
  if (known) return known;
  const parsed = PublicationEnvSchema.safeParse(env);
  if (!parsed.success) {
    const keys = parsed.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new Error(`invalid publication configuration: ${keys}`);
  }
  const publication = publicationOf(parsed.data);
  read.set(env, publication);
  return publication;
}
