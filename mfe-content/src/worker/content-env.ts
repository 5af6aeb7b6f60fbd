import { z } from "zod";

/**
 * The bindings of the content Worker, declared and validated in one place. Both are
 * fetchers: ASSETS serves the browser remote, API is the service binding to edge-api.
 * Only `fetch` is used, so that is all a binding (or a test's fake) has to provide.
 */
export interface FetchBinding {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
}

function isFetcher(value: unknown): value is FetchBinding {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { fetch?: unknown }).fetch === "function"
  );
}

const FetcherSchema = z.custom<FetchBinding>(isFetcher, "must be a fetcher binding");

export const ContentEnvSchema = z.object({
  ASSETS: FetcherSchema,
  API: FetcherSchema,
  /**
   * The site's public origin (wrangler.toml `[vars]`), for the absolute URLs of feeds,
   * sitemaps and robots.txt. Never taken from a request's Host header.
   */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin),
});
/** The bindings as wrangler provides them. */
export type ContentEnv = z.input<typeof ContentEnvSchema>;
/** The bindings once validated (the origin normalised, without a trailing slash). */
export type CheckedContentEnv = z.output<typeof ContentEnvSchema>;

const checked = new WeakMap<object, CheckedContentEnv>();

/** Fails loudly (a 5xx the shell reports) when a binding is missing from the configuration. */
export function readContentEnv(env: ContentEnv): CheckedContentEnv {
  const known = checked.get(env);
  if (known) return known;
  const parsed = ContentEnvSchema.safeParse(env);
  if (!parsed.success) {
    const missing = parsed.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new Error(`mfe-content: invalid bindings (${missing})`);
  }
  checked.set(env, parsed.data);
  return parsed.data;
}
