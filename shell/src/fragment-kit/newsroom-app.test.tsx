import { describe, expect, it } from "vitest";
import type { FragmentAppProps, FragmentRequest } from "../contract/fragment-contract.ts";
import { FragmentAnswerSchema } from "../contract/fragment-contract.ts";
import { createFragmentWorker, type LoadOutcome } from "./fragment-server.tsx";
import { resolveLiveRelease, type ReleaseMap, type ReleaseStore } from "./release-registry.ts";
import type { AssetsBinding } from "./remote-assets.ts";

const ReaderApp = ({ routeId }: FragmentAppProps) => <p>{`reader ${routeId}`}</p>;
const DeskApp = ({ routeId }: FragmentAppProps) => <p>{`desk ${routeId}`}</p>;
const KeptDeskApp = (_: FragmentAppProps) => <p>kept desk</p>;

const assets: AssetsBinding = {
  async fetch(input) {
    const url = new URL(typeof input === "string" ? input : input.url);
    if (url.pathname !== "/_mf/account/current.json") return new Response("no", { status: 404 });
    return Response.json({ buildId: "dddddd444444", stylesheets: [], builtAt: "x" });
  },
};

const page: LoadOutcome = {
  kind: "page",
  head: { title: "Staff", description: "", canonicalPath: "/newsroom/staff" },
  props: {},
  cache: { scope: "private", maxAge: 0 },
};

function renderRequest(routeId: string): Request {
  const body: Partial<FragmentRequest> = {
    routeId,
    params: {},
    path: "/newsroom/staff",
    search: "",
    viewer: null,
    requestId: "r1",
    origin: "https://daily.example",
  };
  return new Request("https://fragment.internal/_fragment/render", {
    method: "POST",
    body: JSON.stringify(body),
  });
}

async function htmlOf(
  worker: ExportedHandler<{ ASSETS: AssetsBinding; RELEASES?: ReleaseStore }>,
  routeId: string,
): Promise<string> {
  const response = await worker.fetch!(
    renderRequest(routeId) as Parameters<NonNullable<typeof worker.fetch>>[0],
    { ASSETS: assets },
    {} as ExecutionContext,
  );
  expect(response.status).toBe(200);
  const answer = FragmentAnswerSchema.parse(await response.json());
  if (answer.kind !== "page") throw new Error(`expected a page, got ${answer.kind}`);
  return answer.html;
}

describe("a fragment with newsroom screens", () => {
  const worker = createFragmentWorker<{ ASSETS: AssetsBinding; RELEASES?: ReleaseStore }>({
    name: "account",
    load: async () => page,
    App: ReaderApp,
    NewsroomApp: DeskApp,
  });

  it("renders routes with a newsroom level with NewsroomApp", async () => {
    expect(await htmlOf(worker, "account.newsroom-staff")).toContain("desk account.newsroom-staff");
    expect(await htmlOf(worker, "account.newsroom-join")).toContain("desk account.newsroom-join");
  });

  it("renders readers' routes with App", async () => {
    expect(await htmlOf(worker, "account.profile")).toContain("reader account.profile");
  });

  it("renders every route with App when it has no NewsroomApp", async () => {
    const readerOnly = createFragmentWorker<{ ASSETS: AssetsBinding; RELEASES?: ReleaseStore }>({
      name: "account",
      load: async () => page,
      App: ReaderApp,
    });
    expect(await htmlOf(readerOnly, "account.newsroom-staff")).toContain("reader");
  });
});

describe("kept builds and the newsroom", () => {
  const releases: ReleaseMap = {
    aaaaaa111111: { App: ReaderApp, NewsroomApp: KeptDeskApp, stylesheets: [] },
    dddddd444444: { App: ReaderApp, stylesheets: [] },
  };
  const base = { name: "account" as const, assets, releases, ownApp: ReaderApp };

  it("renders the newsroom with the live build's own NewsroomApp", async () => {
    const live = await resolveLiveRelease({
      ...base,
      ownNewsroomApp: DeskApp,
      store: { get: async () => "aaaaaa111111" },
    });
    expect(live.NewsroomApp).toBe(KeptDeskApp);
  });

  it("falls back to the Worker's own NewsroomApp for a build without one", async () => {
    const live = await resolveLiveRelease({ ...base, ownNewsroomApp: DeskApp, store: undefined });
    expect(live).toMatchObject({ buildId: "dddddd444444", NewsroomApp: DeskApp });
  });
});
