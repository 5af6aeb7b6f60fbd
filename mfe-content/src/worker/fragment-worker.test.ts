import { exports } from "cloudflare:workers";
import { FragmentAnswerSchema, FRAGMENT_RENDER_PATH } from "shell/contract";
import { describe, expect, it } from "vitest";
import { aHomeResponse } from "edge-api/fake/content";
import { createFakeApi } from "edge-api/fake";
import { pathsAsked } from "../test/api-calls.ts";
import { renderRequest, renderWith } from "../test/render-route.ts";

const renderUrl = `https://content.internal${FRAGMENT_RENDER_PATH}`;

/** The Worker as the shell's binding reaches it: its `Internal` entrypoint (decision 0017). */
const internal = exports.Internal;

function post(body: string): Promise<Response> {
  return internal.fetch(renderUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
}

describe("the content fragment worker", () => {
  it("answers 400 to a render request that does not follow the contract", async () => {
    for (const body of [
      "not json",
      "{}",
      JSON.stringify({ ...renderRequest("content.home"), origin: "nope" }),
    ]) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "bad_request" } });
    }
  });

  it("answers not-found through its real API binding when the API knows nothing", async () => {
    const response = await post(
      JSON.stringify(
        renderRequest("content.article", { section: "world", category: "europe", slug: "x" }),
      ),
    );
    expect(response.status).toBe(200);
    expect(FragmentAnswerSchema.parse(await response.json())).toEqual({ kind: "not-found" });
  });

  it("answers not-found for a route it does not own, without calling the API", async () => {
    const api = createFakeApi({ home: aHomeResponse() });
    for (const routeId of ["paper.today", "account.login", "constructor", "__proto__"]) {
      expect(await renderWith(api, renderRequest(routeId))).toEqual({ kind: "not-found" });
    }
    expect(pathsAsked(api)).toEqual([]);
  });

  it("serves the name of its current browser build without caching it", async () => {
    const response = await internal.fetch("https://content.internal/_mf/content/current.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.json()).toMatchObject({ stylesheets: ["fragment.css"] });
  });

  it("answers 404 to everything on its public address (the default export)", async () => {
    for (const path of [FRAGMENT_RENDER_PATH, "/_mf/content/current.json", "/rss.xml"]) {
      const response = await exports.default.fetch(
        `https://mfe-content.example.workers.dev${path}`,
      );
      expect(response.status, path).toBe(404);
    }
  });
});
