import { describe, expectTypeOf, it } from "vitest";
import type { ContentEnv } from "./content-env.ts";

describe("the configuration", () => {
  it("as wrangler.toml declares it (the generated Env) is what the Worker reads", () => {
    // Checked by the typecheck: a binding or variable the Worker needs and wrangler.toml lacks
    // (worker-configuration.d.ts, `npm run generate:env-types`) fails it.
    expectTypeOf<Env>().toExtend<ContentEnv>();
  });
});
