import { env } from "cloudflare:test";
import { createFakeApi } from "edge-api/fake";
import { aFeedResponse, aHomeResponse, aNewsSitemapResponse } from "edge-api/fake/content";
import { FragmentEnvError } from "shell/fragment-kit/env";
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { articleApi, articleParams } from "../test/article-api.ts";
import { fetchPublishing } from "../test/publishing-fetch.ts";
import { expectPage, renderRequest, renderWith } from "../test/render-route.ts";
import { findAll, parseXml, textOf } from "../test/xml-check.ts";
import type { ContentEnv } from "./fragment-env.ts";
import { loadContentRoute } from "./route-loader.ts";

const herald = { PUBLICATION_NAME: "The Harbour Herald" };

describe("the content Worker's configuration", () => {
  it("as wrangler.toml declares it (the generated Env) is what the schema reads", () => {
    // Checked by the typecheck: a binding or variable the Worker needs and wrangler.toml lacks
    // (worker-configuration.d.ts, `npm run generate:env-types`) fails it.
    expectTypeOf<Env>().toExtend<ContentEnv>();
  });

  it("names the publication from PUBLICATION_NAME in the head, the props and the page", async () => {
    const api = createFakeApi({ home: aHomeResponse() });
    const page = expectPage(await renderWith(api, renderRequest("content.home"), herald));
    expect(page.head.title).toBe("The Harbour Herald — News, analysis and the daily paper");
    expect(page.head.description).toBe(
      "Independent news and analysis from The Harbour Herald, with every page of the daily paper.",
    );
    expect(page.head.meta).toContainEqual({
      property: "og:site_name",
      content: "The Harbour Herald",
    });
    expect(page.props).toMatchObject({ publication: { name: "The Harbour Herald" } });
    expect(page.html).toContain(
      '<h1 class="c-visually-hidden">The Harbour Herald: today’s news</h1>',
    );
    expect(JSON.stringify([page.head, page.props])).not.toContain("The Daily Edge");
  });

  it("names it in search pages, feeds and the news sitemap", async () => {
    const api = createFakeApi({ feed: aFeedResponse(), newsSitemap: aNewsSitemapResponse() });
    const search = expectPage(
      await renderWith(api, renderRequest("content.search", {}, { path: "/search" }), herald),
    );
    expect(search.head.title).toBe("Search | The Harbour Herald");
    expect(search.head.description).toBe("Search every article published by The Harbour Herald.");

    const feed = await (await fetchPublishing(api, "/feeds/all.xml", "GET", herald)).text();
    const [channel] = findAll(parseXml(feed), "channel");
    if (!channel) throw new Error("no channel");
    expect(textOf(channel, "title")).toBe("The Harbour Herald");
    expect(textOf(channel, "copyright")).toBe("© The Harbour Herald");
    expect(feed).not.toContain("Daily Edge");

    const news = await (await fetchPublishing(api, "/sitemaps/news.xml", "GET", herald)).text();
    const names = findAll(parseXml(news), "news:name").map((name) => name.text);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set(["The Harbour Herald"]));
  });

  it("shows dates in PUBLICATION_TIME_ZONE and tells the browser which zone", async () => {
    const page = expectPage(
      await renderWith(articleApi(), renderRequest("content.article", articleParams), {
        PUBLICATION_TIME_ZONE: "America/New_York",
      }),
    );
    // Published at 09:30 UTC, as the factories make it.
    expect(page.html).toContain(
      '<time dateTime="2026-11-21T09:30:00.000Z">21 November 2026, 04:30</time>',
    );
    expect(page.props).toMatchObject({ publication: { timeZone: "America/New_York" } });
  });

  it("refuses to render without a publication name or with a bad time zone, naming the key", async () => {
    const api = createFakeApi({ home: aHomeResponse() });
    const unnamed = { ...env, API: api.binding, PUBLICATION_NAME: undefined };
    const failure: unknown = await loadContentRoute(
      renderRequest("content.home"),
      unnamed as never,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FragmentEnvError);
    expect(failure).toMatchObject({ code: "bad_configuration", keys: ["PUBLICATION_NAME"] });

    const badZone = { ...env, API: api.binding, PUBLICATION_TIME_ZONE: "Mars/Olympus_Mons" };
    await expect(loadContentRoute(renderRequest("content.home"), badZone)).rejects.toMatchObject({
      code: "bad_configuration",
      keys: ["PUBLICATION_TIME_ZONE"],
    });
    expect(api.calls).toEqual([]);
  });

  it("answers a feed 503 and logs the bad key when the configuration is broken", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const api = createFakeApi({ feed: aFeedResponse() });
      const response = await fetchPublishing(api, "/feeds/all.xml", "GET", {
        PUBLIC_ORIGIN: "not a url",
      });
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const line = JSON.parse(String(logged.mock.calls[0]?.[0])) as Record<string, unknown>;
      expect(line).toMatchObject({
        level: "error",
        event: "publishing_request_failed",
        code: "bad_configuration",
      });
      expect(String(line["detail"])).toContain("PUBLIC_ORIGIN");
      expect(String(line["detail"])).not.toContain("not a url");
    } finally {
      logged.mockRestore();
    }
  });
});
