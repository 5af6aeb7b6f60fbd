import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createEnvReader, FetcherSchema, FragmentEnvError } from "./fragment-env.ts";
import { FragmentError } from "./fragment-errors.ts";
import { PublicationEnvSchema } from "./publication.ts";

const fetcher = { fetch: async () => new Response("ok") };

const TestEnvSchema = z.object({
  ...PublicationEnvSchema.shape,
  API: FetcherSchema,
  CSRF_SECRET: z.string().min(32, "must be at least 32 characters"),
  TIMEOUT_MS: z.coerce.number().int().default(4000),
});

const good = {
  API: fetcher,
  CSRF_SECRET: "s".repeat(32),
  PUBLICATION_NAME: "The Daily Edge",
  PUBLIC_ORIGIN: "https://news.example/",
  PUBLICATION_TIME_ZONE: "Europe/London",
};

describe("createEnvReader", () => {
  it("gives the parsed env: defaults applied, values transformed", () => {
    const read = createEnvReader("account", TestEnvSchema);
    const env = read(good);
    expect(env.TIMEOUT_MS).toBe(4000);
    expect(env.PUBLIC_ORIGIN).toBe("https://news.example");
    expect(env.API).toBe(fetcher);
  });

  it("checks an env object once", () => {
    let parses = 0;
    const counting = TestEnvSchema.transform((env) => {
      parses += 1;
      return env;
    });
    const read = createEnvReader("account", counting);
    expect(read(good)).toBe(read(good));
    expect(parses).toBe(1);
    read({ ...good });
    expect(parses).toBe(2);
  });

  it("names the fragment and the bad keys, never their values", () => {
    const read = createEnvReader("account", TestEnvSchema);
    const secret = "too-short-secret-value";
    const bad = {
      ...good,
      API: "not a binding",
      CSRF_SECRET: secret,
      PUBLICATION_TIME_ZONE: "Mars/Olympus_Mons",
    };
    let thrown: unknown;
    try {
      read(bad as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FragmentEnvError);
    expect(thrown).toBeInstanceOf(FragmentError);
    const error = thrown as FragmentEnvError;
    expect(error.code).toBe("bad_configuration");
    expect(error.status).toBe(500);
    expect(error.keys).toEqual(["API", "CSRF_SECRET", "PUBLICATION_TIME_ZONE"]);
    expect(error.message).toContain("mfe-account");
    expect(error.message).toContain("API (must be a service binding)");
    expect(error.message).not.toContain(secret);
    expect(error.message).not.toContain("Olympus");
    expect(error.message).not.toContain("not a binding");
  });

  it("reports a missing binding", () => {
    const read = createEnvReader("content", z.object({ API: FetcherSchema }));
    expect(() => read({} as never)).toThrow(/mfe-content.*API/);
  });
});
