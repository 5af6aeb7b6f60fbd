import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { FragmentAppProps, FragmentRequest } from "../contract/fragment-contract.ts";
import { createFragmentWorker } from "./fragment-server.tsx";
import { internalEntrypoint } from "./private-worker.ts";
import type { AssetsBinding } from "./remote-assets.ts";

/** Issue 15: the render request's `saved` reaches a fragment's loader through the kit. */

type Env = { ASSETS: AssetsBinding };

const assets: AssetsBinding = {
  async fetch(input) {
    const url = new URL(typeof input === "string" ? input : input.url);
    if (url.pathname !== "/_mf/content/current.json") return new Response("no", { status: 404 });
    return Response.json({ buildId: "eeeeee555555", stylesheets: [], builtAt: "x" });
  },
};

const App = ({ props }: FragmentAppProps) => <p>{JSON.stringify(props)}</p>;

function articleWorker(seen: (boolean | null)[]) {
  return createFragmentWorker<Env>({
    name: "content",
    load: async (request) => {
      seen.push(request.saved);
      return {
        kind: "page",
        head: { title: "A story", description: "", canonicalPath: request.path },
        props: { saved: request.saved },
        cache: { scope: "public", maxAge: 60 },
      };
    },
    App,
  });
}

function renderRequest(extra: Record<string, unknown>): Request {
  const body: Partial<FragmentRequest> = {
    routeId: "content.article",
    params: { section: "world", category: "europe", slug: "a-story" },
    path: "/world/europe/a-story",
    search: "",
    viewer: null,
    requestId: "r1",
    origin: "https://daily.example",
  };
  return new Request("https://fragment.internal/_fragment/render", {
    method: "POST",
    body: JSON.stringify({ ...body, ...extra }),
  });
}

describe("the render request's saved flag in the fragment kit", () => {
  it("reaches the loader through the Internal entrypoint: true, false, and null when absent", async () => {
    const seen: (boolean | null)[] = [];
    const Internal = internalEntrypoint(articleWorker(seen));
    const internal = new Internal(createExecutionContext(), { ASSETS: assets });
    for (const extra of [{ saved: true }, { saved: false }, {}]) {
      const response = await internal.fetch(renderRequest(extra));
      expect(response.status).toBe(200);
    }
    expect(seen).toEqual([true, false, null]);
  });

  it("refuses a render request whose saved is not a boolean or null", async () => {
    const seen: (boolean | null)[] = [];
    const worker = articleWorker(seen);
    const response = await worker.fetch(renderRequest({ saved: "yes" }), { ASSETS: assets });
    expect(response.status).toBe(400);
    expect(seen).toEqual([]);
  });
});
