import { anEdition } from "edge-api/fake/editions";
import { FragmentEnvError } from "shell/fragment-kit/env";
import { describe, expect, expectTypeOf, it } from "vitest";
import { editionsApi } from "../test/editions-api.ts";
import { fakeEnv, renderRequest } from "../test/test-bindings.ts";
import type { PaperEnv } from "./fragment-env.ts";
import { loadPaperRoute, type PaperClock } from "./paper-routes.ts";

const at = (iso: string): PaperClock => ({ now: () => new Date(iso) });

describe("the paper's configuration", () => {
  it("as wrangler.toml declares it (the generated Env) is what the schema reads", () => {
    // Checked by the typecheck: a binding or variable the schema needs and wrangler.toml lacks
    // (worker-configuration.d.ts, `npm run generate:env-types`) fails it.
    expectTypeOf<Env>().toExtend<PaperEnv>();
  });

  it("names the publication from PUBLICATION_NAME, in the head and the printed contents", async () => {
    const env = { ...fakeEnv(editionsApi([anEdition("2026-11-21")])) };
    env.PUBLICATION_NAME = "The Harbour Herald";
    const outcome = await loadPaperRoute(renderRequest({}), env, at("2026-11-21T09:00:00Z"));
    expect(outcome.kind).toBe("page");
    if (outcome.kind !== "page") return;
    expect(outcome.head.title).toBe("Today's paper, 21 November 2026 | The Harbour Herald");
    expect(outcome.props).toMatchObject({ publicationName: "The Harbour Herald" });
    expect(JSON.stringify(outcome.head)).not.toContain("Daily Edge");
  });

  it("decides which day is today in PUBLICATION_TIME_ZONE", async () => {
    const api = editionsApi([anEdition("2026-07-01"), anEdition("2026-07-02")]);
    const env = { ...fakeEnv(api), PUBLICATION_TIME_ZONE: "America/New_York" };
    // 23:30 UTC on 1 July is still 1 July in New York (it is 2 July in London).
    await loadPaperRoute(renderRequest({}), env, at("2026-07-01T23:30:00Z"));
    expect(api.calls[0]?.query["onOrBefore"]).toBe("2026-07-01");
  });

  it("refuses to render without a publication name or with a bad time zone, naming the key", async () => {
    const api = editionsApi([anEdition("2026-11-21")]);
    const { PUBLICATION_NAME: _name, ...unnamed } = fakeEnv(api);
    const failure = await loadPaperRoute(renderRequest({}), unnamed as never).catch((e) => e);
    expect(failure).toBeInstanceOf(FragmentEnvError);
    expect(failure).toMatchObject({ code: "bad_configuration", keys: ["PUBLICATION_NAME"] });
    const badZone = { ...fakeEnv(api), PUBLICATION_TIME_ZONE: "Mars/Olympus" };
    await expect(loadPaperRoute(renderRequest({}), badZone)).rejects.toMatchObject({
      keys: ["PUBLICATION_TIME_ZONE"],
    });
  });
});
