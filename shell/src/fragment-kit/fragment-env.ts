import { z } from "zod";
import type { FragmentName } from "../contract/fragment-names.ts";
import { FragmentError, sharedFragmentErrors } from "./fragment-errors.ts";

/**
 * A fragment's configuration (bindings, variables and secrets), validated once per env object
 * against the fragment's own zod schema. Every fragment declares that schema in the same file,
 * `src/worker/fragment-env.ts`, merging the kit's parts into it:
 *
 * ```ts
 * export const ContentEnvSchema = z.object({
 *   ...PublicationEnvSchema.shape, // PUBLICATION_NAME, PUBLIC_ORIGIN, PUBLICATION_TIME_ZONE
 *   ASSETS: FetcherSchema,
 *   API: FetcherSchema,
 * });
 * export type ContentEnv = z.input<typeof ContentEnvSchema>;
 * export const readContentEnv = createEnvReader("content", ContentEnvSchema);
 * ```
 *
 * A Worker gets the same env object on every request of an isolate, so the check runs once.
 */

/** All a service binding (or a test's fake of one) has to provide: `fetch`. */
export interface ServiceFetcher {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
}

function isFetcher(value: unknown): value is ServiceFetcher {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { fetch?: unknown }).fetch === "function"
  );
}

/** A service binding: an object with `fetch` (wrangler `[[services]]`, or an assets binding). */
export const FetcherSchema = z.custom<ServiceFetcher>(isFetcher, "must be a service binding");

/**
 * A configuration the fragment cannot run with (code `bad_configuration`, 500). Names the keys
 * and what is wrong with them, never their values: secrets live in the same object.
 */
export class FragmentEnvError extends FragmentError<"bad_configuration"> {
  readonly keys: readonly string[];

  constructor(fragment: FragmentName, problems: readonly { key: string; problem: string }[]) {
    const list = problems.map(({ key, problem }) => `${key} (${problem})`).join(", ");
    super(fragment, sharedFragmentErrors, "bad_configuration", `mfe-${fragment} env: ${list}`);
    this.name = "FragmentEnvError";
    this.keys = [...new Set(problems.map(({ key }) => key))].sort();
  }
}

/**
 * The reader of a fragment's env: validates on the first call for an env object and returns
 * the parsed values (defaults applied, transforms done); throws `FragmentEnvError` otherwise,
 * which the fragment answers as a 5xx and the shell shows as an unavailable region.
 */
export function createEnvReader<Schema extends z.ZodType<unknown, object>>(
  fragment: FragmentName,
  schema: Schema,
): (env: z.input<Schema>) => z.output<Schema> {
  const checked = new WeakMap<object, z.output<Schema>>();
  return (env) => {
    const known = checked.get(env);
    if (known !== undefined) return known;
    const parsed = schema.safeParse(env);
    if (!parsed.success) {
      throw new FragmentEnvError(
        fragment,
        // zod's messages say what was expected, not what was found, so no value leaks here.
        parsed.error.issues.map((issue) => ({
          key: issue.path.map(String).join(".") || "(env)",
          problem: issue.message,
        })),
      );
    }
    checked.set(env, parsed.data);
    return parsed.data;
  };
}
