import { apiFailure, createFakeApi, rawAnswer } from "edge-api/fake";
import { describe, expect, it } from "vitest";
import { pathsAsked } from "../test/api-calls.ts";
import { articleApi, articleParams } from "../test/article-api.ts";
import {
  expectPage,
  expectRenderFailure,
  renderRequest,
  renderWith,
} from "../test/render-route.ts";

describe("content.article: loading", () => {
  it("redirects an article asked for under the wrong category to its canonical path", async () => {
    const answer = await renderWith(
      articleApi(),
      renderRequest("content.article", { ...articleParams, category: "asia" }),
    );
    expect(answer).toEqual({
      kind: "redirect",
      status: 301,
      location: "/world/europe/bridge-reopens",
    });
  });

  it("redirects an article asked for under the wrong section", async () => {
    const answer = await renderWith(
      articleApi(),
      renderRequest("content.article", { ...articleParams, section: "sport" }),
    );
    expect(answer).toMatchObject({ kind: "redirect", location: "/world/europe/bridge-reopens" });
  });

  it("answers not-found for an unknown slug", async () => {
    const api = createFakeApi({});
    const answer = await renderWith(
      api,
      renderRequest("content.article", { ...articleParams, slug: "no-such-story" }),
    );
    expect(answer).toEqual({ kind: "not-found" });
    expect(pathsAsked(api)).toEqual(["/api/articles/no-such-story"]);
  });

  it("answers not-found for a malformed slug without asking the API", async () => {
    const api = articleApi();
    const hostile = `<script>alert(1)</script>${"a".repeat(10_240)}`;
    for (const params of [
      { ...articleParams, slug: hostile },
      { ...articleParams, slug: "Bridge-Reopens" },
      { ...articleParams, slug: "a".repeat(121) },
      { ...articleParams, section: "../etc" },
      { section: "world", category: "europe" },
    ]) {
      expect(await renderWith(api, renderRequest("content.article", params))).toEqual({
        kind: "not-found",
      });
    }
    expect(pathsAsked(api)).toEqual([]);
  });

  it("keeps script-like text from the API escaped", async () => {
    const api = articleApi({
      headline: '<script>alert("x")</script> Bridge',
      body: [{ type: "paragraph", text: "<img src=x onerror=alert(1)>" }],
    });
    const page = expectPage(await renderWith(api, renderRequest("content.article", articleParams)));
    expect(page.html).not.toContain("<script");
    expect(page.html).not.toContain("<img src=x");
    expect(page.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Bridge");
    expect(page.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("fails loudly when the API itself fails", async () => {
    const api = createFakeApi({ article: apiFailure(503, "unavailable") });
    await expectRenderFailure(api, renderRequest("content.article", articleParams));
    expect(pathsAsked(api)).toEqual(["/api/articles/bridge-reopens"]);
  });

  it("fails the render when the API's answer breaks the contract, never a not-found", async () => {
    const api = createFakeApi({
      article: rawAnswer(() => Response.json({ article: { slug: "bridge-reopens" } })),
    });
    await expectRenderFailure(api, renderRequest("content.article", articleParams));
  });
});
