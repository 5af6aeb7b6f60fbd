import type { FeedSubject } from "edge-api/contract/content";
import { apiFailure, createFakeApi, rawAnswer } from "edge-api/fake";
import { aFeedResponse, anArticleCard } from "edge-api/fake/content";
import { describe, expect, it } from "vitest";
import { pathsAsked } from "../test/api-calls.ts";
import { fetchPublishing, PUBLIC_ORIGIN } from "../test/publishing-fetch.ts";
import { findAll, parseXml, textOf } from "../test/xml-check.ts";

const FEED_CACHE = "public, max-age=300, stale-while-revalidate=600, stale-if-error=86400";

const world: FeedSubject = {
  kind: "section",
  slug: "world",
  name: "World",
  description: "Reporting from every continent.",
};
const subjects: Record<string, FeedSubject> = {
  section: world,
  author: { kind: "author", slug: "ada-okafor", name: "Ada Okafor", title: "Europe correspondent" },
  tag: {
    kind: "tag",
    slug: "infrastructure",
    name: "Infrastructure",
    description: "Bridges, railways and the grid.",
  },
};

describe("RSS feeds", () => {
  it("serves the site feed as well-formed RSS 2.0 with absolute links", async () => {
    const api = createFakeApi({ feed: aFeedResponse() });
    const response = await fetchPublishing(api, "/feeds/all.xml");

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe(FEED_CACHE);
    expect(pathsAsked(api)).toEqual(["/api/feeds"]);

    const rss = parseXml(await response.text());
    expect(rss.name).toBe("rss");
    expect(rss.attributes).toMatchObject({
      version: "2.0",
      "xmlns:atom": "http://www.w3.org/2005/Atom",
      "xmlns:dc": "http://purl.org/dc/elements/1.1/",
    });
    const [channel] = findAll(rss, "channel");
    if (!channel) throw new Error("no channel");
    expect(textOf(channel, "title")).toBe("The Daily Edge");
    expect(textOf(channel, "link")).toBe(`${PUBLIC_ORIGIN}/`);
    expect(textOf(channel, "description")).toBe("The newest articles from The Daily Edge.");
    expect(textOf(channel, "lastBuildDate")).toBe("Sat, 21 Nov 2026 14:05:00 GMT");
    expect(findAll(channel, "atom:link")[0]?.attributes).toEqual({
      href: `${PUBLIC_ORIGIN}/feeds/all.xml`,
      rel: "self",
      type: "application/rss+xml",
    });

    const [item] = findAll(channel, "item");
    if (!item) throw new Error("no item");
    const link = textOf(item, "link") ?? "";
    expect(link).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/world/europe/story-number-\\d+$`));
    expect(findAll(item, "guid")[0]).toMatchObject({
      attributes: { isPermaLink: "true" },
      text: link,
    });
    expect(textOf(item, "title")).toBe("Harbour bridge reopens after three years");
    expect(textOf(item, "pubDate")).toBe("Sat, 21 Nov 2026 09:30:00 GMT");
    expect(textOf(item, "description")).toMatch(/^What happened in story \d+/);
    expect(textOf(item, "dc:creator")).toBe("Ada Okafor");
    expect(findAll(item, "category").map((c) => c.text)).toEqual(["World", "Europe"]);
  });

  it("asks the API for the section, author or tag of the address and words its channel", async () => {
    const api = createFakeApi({
      feed: ({ query }) => aFeedResponse({ subject: subjects[Object.keys(query)[0] ?? ""] }),
    });
    for (const [path, page, title, description] of [
      [
        "/feeds/sections/world.xml",
        "/world",
        "World | The Daily Edge",
        "Reporting from every continent.",
      ],
      [
        "/feeds/authors/ada-okafor.xml",
        "/authors/ada-okafor",
        "Ada Okafor | The Daily Edge",
        "The newest articles by Ada Okafor, Europe correspondent.",
      ],
      [
        "/feeds/tags/infrastructure.xml",
        "/tags/infrastructure",
        "Infrastructure | The Daily Edge",
        "Bridges, railways and the grid.",
      ],
    ] as const) {
      const response = await fetchPublishing(api, path);
      expect(response.status).toBe(200);
      const xml = await response.text();
      const channel = parseXml(xml);
      expect(findAll(channel, "atom:link")[0]?.attributes.href).toBe(`${PUBLIC_ORIGIN}${path}`);
      expect(textOf(channel, "link")).toBe(`${PUBLIC_ORIGIN}${page}`);
      // The channel's opening lines, byte for byte, as readers' feed apps have always seen them.
      expect(xml).toContain(
        `<channel>\n<title>${title}</title>\n<link>${PUBLIC_ORIGIN}${page}</link>\n` +
          `<description>${description}</description>\n<language>en-gb</language>\n` +
          "<copyright>© The Daily Edge</copyright>\n",
      );
    }
    expect(pathsAsked(api)).toEqual([
      "/api/feeds?section=world",
      "/api/feeds?author=ada-okafor",
      "/api/feeds?tag=infrastructure",
    ]);
  });

  it("escapes markup and drops characters XML cannot carry", async () => {
    const article = anArticleCard({
      headline: '<script>alert("x")</script> R&D \u0001bill',
      standfirst: "Fish & chips < caviar ]]> <![CDATA[",
      authors: [{ slug: "ada-okafor", name: "Ada <b>Okafor</b>" }],
    });
    const api = createFakeApi({
      feed: aFeedResponse({
        subject: { ...world, name: "World & <Europe>" },
        articles: [{ ...article, updatedAt: "2026-11-21T14:05:00.000Z" }],
      }),
    });
    const xml = await (await fetchPublishing(api, "/feeds/sections/world.xml")).text();
    expect(xml).not.toContain("<script");
    expect(xml).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; R&amp;D bill");
    const rss = parseXml(xml);
    expect(textOf(rss, "title")).toBe("World & <Europe> | The Daily Edge");
    const [item] = findAll(rss, "item");
    if (!item) throw new Error("no item");
    expect(textOf(item, "title")).toBe('<script>alert("x")</script> R&D bill');
    expect(textOf(item, "description")).toBe("Fish & chips < caviar ]]> <![CDATA[");
    expect(textOf(item, "dc:creator")).toBe("Ada <b>Okafor</b>");
  });

  it("carries each story's body with its links and emphasis as content:encoded", async () => {
    const article = {
      ...anArticleCard({ headline: "Marks" }),
      updatedAt: "2026-11-21T14:05:00.000Z",
      body: [
        {
          type: "paragraph" as const,
          text: "See the report & our explainer, now.",
          runs: [
            { text: "See " },
            { text: "the report", href: "https://example.org/r?a=1&b=2" },
            { text: " & " },
            { text: "our explainer", href: "/world/europe/explainer", bold: true },
            { text: ", " },
            { text: "now", italic: true, href: "javascript:alert(1)" },
            { text: "." },
          ],
        },
        { type: "heading" as const, text: "<Next>" },
      ],
    };
    const api = createFakeApi({ feed: aFeedResponse({ articles: [article] }) });
    const xml = await (await fetchPublishing(api, "/feeds/all.xml")).text();
    const rss = parseXml(xml);
    expect(rss.attributes["xmlns:content"]).toBe("http://purl.org/rss/1.0/modules/content/");
    const [item] = findAll(rss, "item");
    if (!item) throw new Error("no item");
    expect(textOf(item, "content:encoded")).toBe(
      '<p>See <a href="https://example.org/r?a=1&amp;b=2">the report</a> &amp; ' +
        `<a href="${PUBLIC_ORIGIN}/world/europe/explainer"><strong>our explainer</strong></a>, ` +
        "<em>now</em>.</p><h2>&lt;Next&gt;</h2>",
    );
    expect(xml).not.toContain("javascript:");
  });

  it("serves an empty feed without a build date", async () => {
    const api = createFakeApi({
      feed: aFeedResponse({
        subject: { kind: "tag", slug: "quiet", name: "Quiet", description: "" },
        updatedAt: null,
        articles: [],
      }),
    });
    const rss = parseXml(await (await fetchPublishing(api, "/feeds/tags/quiet.xml")).text());
    expect(findAll(rss, "item")).toEqual([]);
    expect(findAll(rss, "lastBuildDate")).toEqual([]);
  });

  it("answers 404, uncached, for an unknown or malformed feed", async () => {
    const api = createFakeApi({});
    for (const path of [
      "/feeds/sections/no-such-section.xml",
      "/feeds/sections/World.xml",
      "/feeds/sections/world",
      "/feeds/categories/europe.xml",
      `/feeds/tags/${"a".repeat(10_240)}.xml`,
      "/feeds/tags/%3Cscript%3E.xml",
      "/feeds/",
    ]) {
      const response = await fetchPublishing(api, path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    }
    expect(pathsAsked(api)).toEqual(["/api/feeds?section=no-such-section"]);
  });

  it("answers 503, uncached, when the API fails", async () => {
    const api = createFakeApi({ feed: apiFailure(500, "internal") });
    const response = await fetchPublishing(api, "/feeds/all.xml");
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 404 for a feed address not spelled as the route table spells it", async () => {
    const api = createFakeApi({ feed: aFeedResponse() });
    for (const path of ["/feeds/sections/w%6Frld.xml", "/feeds/tags/%2E.xml", "/feeds/all.xml/"]) {
      const response = await fetchPublishing(api, path);
      expect(response.status, path).toBe(404);
    }
    expect(pathsAsked(api)).toEqual([]);
  });

  it("answers 503 when the API's answer breaks the contract", async () => {
    const api = createFakeApi({ feed: rawAnswer(() => Response.json({ title: "Old shape" })) });
    const response = await fetchPublishing(api, "/feeds/all.xml");
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers HEAD without a body and refuses other methods", async () => {
    const api = createFakeApi({ feed: aFeedResponse() });
    const head = await fetchPublishing(api, "/feeds/all.xml", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(await head.text()).toBe("");
    const post = await fetchPublishing(api, "/feeds/all.xml", "POST");
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });
});
