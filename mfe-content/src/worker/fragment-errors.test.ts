import { env } from "cloudflare:test";
import { apiFailure, createFakeApi, rawAnswer, type FakeApi } from "edge-api/fake";
import type { FragmentRequest } from "shell/contract";
import { FragmentError, sharedFragmentErrors } from "shell/fragment-kit/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { articleApi, articleParams } from "../test/article-api.ts";
import { fetchPublishing } from "../test/publishing-fetch.ts";
import { expectRenderFailure, renderRequest } from "../test/render-route.ts";
import { ContentError, contentErrors } from "./fragment-errors.ts";
import { loadContentRoute } from "./route-loader.ts";

/** What `load` threw for `request` with `api` as the API binding. */
async function failureOf(api: FakeApi, request: FragmentRequest): Promise<unknown> {
  return loadContentRoute(request, { ...env, API: api.binding }).then(
    () => new Error("the load did not fail"),
    (error: unknown) => error,
  );
}

/** The JSON lines the Worker logged as errors. */
function errorLines(spy: { mock: { calls: unknown[][] } }): Record<string, unknown>[] {
  return spy.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
}

const brokenArticle = () =>
  createFakeApi({ article: rawAnswer(() => Response.json({ article: { slug: "x" } })) });

describe("the content Worker's error catalogue", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is the kit's shared codes, with their statuses", () => {
    expect(contentErrors).toEqual(sharedFragmentErrors);
    const error = new ContentError("bad_api_data", "x");
    expect(error).toBeInstanceOf(FragmentError);
    expect(error).toMatchObject({ fragment: "content", code: "bad_api_data", status: 502 });
  });

  it("calls an API failure api_unavailable", async () => {
    const failures = [
      [createFakeApi({ home: apiFailure(500, "internal") }), renderRequest("content.home")],
      // The front page always exists: an API without one is broken, not a missing page.
      [createFakeApi({ home: apiFailure(404, "not_found") }), renderRequest("content.home")],
      [
        createFakeApi({ article: apiFailure(503, "unavailable") }),
        renderRequest("content.article", articleParams),
      ],
      [
        createFakeApi({ search: apiFailure(503, "unavailable") }),
        renderRequest("content.search", {}, { path: "/search", search: "?q=bridge" }),
      ],
    ] as const;
    for (const [api, request] of failures) {
      const failure = await failureOf(api, request);
      expect(failure, request.routeId).toBeInstanceOf(ContentError);
      expect(failure).toMatchObject({ code: "api_unavailable", status: 502 });
    }
  });

  it("calls an answer that breaks edge-api's contract bad_api_data", async () => {
    const failure = await failureOf(
      brokenArticle(),
      renderRequest("content.article", articleParams),
    );
    expect(failure).toBeInstanceOf(ContentError);
    expect(failure).toMatchObject({ code: "bad_api_data", status: 502 });
  });

  it("leaves missing content a not-found, never an error", async () => {
    const request = renderRequest("content.article", { ...articleParams, slug: "no-such-story" });
    expect(await loadContentRoute(request, { ...env, API: articleApi().binding })).toEqual({
      kind: "not-found",
    });
  });

  it("logs the code of a failed render, which the shell sees as a 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await expectRenderFailure(brokenArticle(), renderRequest("content.article", articleParams));
    expect(errorLines(logged)).toContainEqual(
      expect.objectContaining({
        event: "fragment_render_failed",
        worker: "mfe-content",
        requestId: "test-request",
        code: "bad_api_data",
      }),
    );
  });

  it("logs the code of a failed feed or sitemap", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = createFakeApi({ feed: apiFailure(500, "internal") });
    expect((await fetchPublishing(failing, "/feeds/all.xml")).status).toBe(503);
    const broken = createFakeApi({ feed: rawAnswer(() => Response.json({ title: "Old" })) });
    expect((await fetchPublishing(broken, "/feeds/all.xml")).status).toBe(503);
    expect(errorLines(logged)).toEqual([
      expect.objectContaining({
        event: "publishing_request_failed",
        worker: "mfe-content",
        requestId: "test-request",
        path: "/feeds/all.xml",
        code: "api_unavailable",
      }),
      expect.objectContaining({ event: "publishing_request_failed", code: "bad_api_data" }),
    ]);
  });
});
