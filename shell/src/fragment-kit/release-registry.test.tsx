import type { FragmentAppProps } from "../contract/fragment-contract.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  cachedLiveRelease,
  resolveLiveRelease,
  type ReleaseMap,
  type ReleaseStore,
} from "./release-registry.ts";
import type { AssetsBinding } from "./remote-assets.ts";
import { createFragmentWorker, registerReleases } from "./fragment-server.tsx";

const OldApp = (_: FragmentAppProps) => <p>old</p>;
const NewApp = (_: FragmentAppProps) => <p>new</p>;
const OwnApp = (_: FragmentAppProps) => <p>own</p>;

const releases: ReleaseMap = {
  aaaaaa111111: { App: OldApp, stylesheets: ["fragment.css"] },
  bbbbbb222222: { App: NewApp, stylesheets: [] },
};

// Every test reads the same current.json: the kit caches it per prefix for a few seconds.
const assets: AssetsBinding = {
  async fetch(input) {
    const url = new URL(typeof input === "string" ? input : input.url);
    if (url.pathname !== "/_mf/paper/current.json") return new Response("nope", { status: 404 });
    return Response.json({ buildId: "bbbbbb222222", stylesheets: [], builtAt: "x" });
  },
};

function store(values: Record<string, string>): ReleaseStore & { reads: number } {
  const fake = {
    reads: 0,
    async get(key: string) {
      fake.reads += 1;
      return values[key] ?? null;
    },
  };
  return fake;
}

const base = { name: "paper" as const, assets, releases, ownApp: OwnApp };

afterEach(() => vi.restoreAllMocks());

describe("the release registry", () => {
  it("renders the build the registry names, with that build's component", async () => {
    const live = await resolveLiveRelease({
      ...base,
      store: store({ "live:paper": "aaaaaa111111" }),
    });
    expect(live).toMatchObject({
      buildId: "aaaaaa111111",
      App: OldApp,
      stylesheets: ["fragment.css"],
      source: "registry",
    });
  });

  it("falls back to current.json when the registry has no entry or no binding", async () => {
    for (const s of [store({}), undefined]) {
      const live = await resolveLiveRelease({ ...base, store: s });
      expect(live).toMatchObject({ buildId: "bbbbbb222222", App: NewApp, source: "current.json" });
    }
  });

  it("logs and falls back when the registry names a build the Worker does not carry", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const live = await resolveLiveRelease({
      ...base,
      store: store({ "live:paper": "cccccc333333" }),
    });
    expect(live).toMatchObject({ buildId: "bbbbbb222222", source: "current.json" });
    expect(errors).toHaveBeenCalledOnce();
    expect(JSON.parse(String(errors.mock.calls[0]?.[0]))).toMatchObject({
      event: "release_unknown_build",
      fragment: "paper",
      buildId: "cccccc333333",
    });
  });

  it("logs and falls back when the registry cannot be read", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken: ReleaseStore = {
      get: () => Promise.reject(new Error("KV is down")),
    };
    const live = await resolveLiveRelease({ ...base, store: broken, requestId: "ray-1" });
    expect(live.buildId).toBe("bbbbbb222222");
    expect(errors).toHaveBeenCalledOnce();
    // The line names the request that found the cached answer stale (issue 14).
    expect(JSON.parse(String(errors.mock.calls[0]?.[0]))).toMatchObject({
      event: "release_registry_unreadable",
      requestId: "ray-1",
    });
  });

  it("uses the Worker's own component when no kept build matches (no release map)", async () => {
    const live = await resolveLiveRelease({ ...base, releases: undefined, store: store({}) });
    expect(live).toMatchObject({ buildId: "bbbbbb222222", App: OwnApp });
  });

  it("says when current.json names a build the Worker does not carry yet (mid-reload)", async () => {
    const onlyOld: ReleaseMap = { aaaaaa111111: { App: OldApp, stylesheets: [] } };
    const live = await resolveLiveRelease({ ...base, releases: onlyOld, store: store({}) });
    expect(live).toMatchObject({ buildId: "bbbbbb222222", App: OwnApp, carried: false });
    const carried = await resolveLiveRelease({ ...base, store: store({}) });
    expect(carried.carried).toBe(true);
  });

  it("answers 503 on /_fragment/live while it does not carry the build it would name", async () => {
    registerReleases("paper", { aaaaaa111111: { App: OldApp, stylesheets: [] } });
    const worker = createFragmentWorker<{ ASSETS: AssetsBinding; RELEASES?: ReleaseStore }>({
      name: "paper",
      App: OwnApp,
      load: async () => ({ kind: "not-found" }),
    });
    const env = { ASSETS: assets, RELEASES: store({}) };
    const response = await worker.fetch!(
      new Request("https://fragment.internal/_fragment/live") as Parameters<
        NonNullable<typeof worker.fetch>
      >[0],
      env,
      {} as ExecutionContext,
    );
    expect(response.status).toBe(503);
  });

  it("trusts its answer for a short time only", async () => {
    vi.spyOn(Date, "now").mockReturnValue(1_000);
    const s = store({ "live:paper": "aaaaaa111111" });
    const live = cachedLiveRelease(2_000);
    await live({ ...base, store: s });
    await live({ ...base, store: s });
    expect(s.reads).toBe(1);
    vi.spyOn(Date, "now").mockReturnValue(3_500);
    await live({ ...base, store: s });
    expect(s.reads).toBe(2);
  });

  it("tells the shell which build it renders with now (GET /_fragment/live)", async () => {
    registerReleases("paper", releases);
    const worker = createFragmentWorker<{ ASSETS: AssetsBinding; RELEASES?: ReleaseStore }>({
      name: "paper",
      App: OwnApp,
      load: async () => ({ kind: "not-found" }),
    });
    const env = { ASSETS: assets, RELEASES: store({ "live:paper": "aaaaaa111111" }) };
    const ctx = {} as ExecutionContext;
    const response = await worker.fetch!(
      new Request("https://fragment.internal/_fragment/live") as Parameters<
        NonNullable<typeof worker.fetch>
      >[0],
      env,
      ctx,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ buildId: "aaaaaa111111" });
  });
});
