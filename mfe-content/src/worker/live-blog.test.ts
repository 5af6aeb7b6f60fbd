/// <reference types="vite/client" />
import { aLiveUpdate, anArticleLive } from "edge-api/fake/content";
import { describe, expect, it } from "vitest";
import { articleApi, articleParams } from "../test/article-api.ts";
import { expectPage, renderRequest, renderWith } from "../test/render-route.ts";
import { isUpdatesAnswer } from "../ui/live-poller.ts";

const CANONICAL = "https://www.dailyedge.test/world/europe/bridge-reopens";

const newest = aLiveUpdate({
  id: "42",
  postedAt: "2026-11-21T16:30:00.000Z",
  updatedAt: "2026-11-21T16:35:00.000Z",
  keyEvent: true,
  paragraphs: [
    [{ text: "The bridge is open to traffic again, the council says." }],
    [
      { text: "Read " },
      { text: "the statement", href: "https://example.org/statement" },
      { text: " or " },
      { text: "this", href: "javascript:alert(1)" },
    ],
  ],
});
const older = aLiveUpdate({
  id: "41",
  postedAt: "2026-11-21T15:10:00.000Z",
  updatedAt: "2026-11-21T15:10:00.000Z",
  paragraphs: [[{ text: "Engineers are on the deck." }]],
});

async function renderLive(live: ReturnType<typeof anArticleLive> | null) {
  return expectPage(
    await renderWith(articleApi({ live }), renderRequest("content.article", articleParams)),
  );
}

describe("content.article: a live blog", () => {
  it("shows the Live label, key events and the updates newest first, each at its anchor", async () => {
    const page = await renderLive(anArticleLive({ updates: [newest, older] }));
    const html = page.html;
    expect(html).toContain(
      '<h2 id="live-heading" class="c-live__heading"><span class="c-live__label">Live</span> Latest updates</h2>',
    );
    expect(html.indexOf('id="update-42"')).toBeGreaterThan(0);
    expect(html.indexOf('id="update-42"')).toBeLessThan(html.indexOf('id="update-41"'));
    expect(html).toContain(
      '<article class="c-live__update" id="update-42"><p class="c-live__meta"><a href="#update-42"><time dateTime="2026-11-21T16:30:00.000Z">21 November 2026, 16:30</time></a><strong class="c-live__key">Key event</strong></p>',
    );
    expect(html).toContain(
      '<article class="c-live__update" id="update-41"><p class="c-live__meta"><a href="#update-41"><time dateTime="2026-11-21T15:10:00.000Z">21 November 2026, 15:10</time></a></p><p>Engineers are on the deck.</p></article>',
    );
    // Links keep their marks; a link that is not one a body may have is plain text.
    expect(html).toContain('<a href="https://example.org/statement" rel="noopener">');
    expect(html).not.toContain("javascript:");
    // The key events, as a jump list to their anchors.
    expect(html).toContain('<nav class="c-live__key-events" aria-labelledby="key-events-heading">');
    expect(html).toMatch(
      /<li><a href="#update-42"><time[^>]*>21 November 2026, 16:30<\/time> (?:<!-- -->)?The bridge is open to traffic again, the council says\.<\/a><\/li>/,
    );
    expect(html).not.toMatch(/<li><a href="#update-41">/);
    // The polite live region is there, empty, from the first render (hydration matches).
    expect(html).toContain('<p class="c-live__status" role="status"></p>');
    // The browser polls the API through the shell, for this article only.
    expect(page.props).toMatchObject({
      live: { state: "live", pollHref: "/api/articles/bridge-reopens/updates" },
    });
  });

  it("says an ended live blog has ended, without the Live label", async () => {
    const page = await renderLive(
      anArticleLive({ state: "ended", endedAt: "2026-11-21T18:00:00.000Z", updates: [older] }),
    );
    expect(page.html).toContain('<h2 id="live-heading" class="c-live__heading">Updates</h2>');
    expect(page.html).toContain("This live blog has ended.");
    expect(page.html).not.toContain("c-live__label");
    expect(page.html).not.toContain("c-live__key-events");
  });

  it("renders an ordinary article with no live blog at all", async () => {
    const page = await renderLive(null);
    expect(page.html).not.toContain("c-live");
    expect(page.props).toMatchObject({ live: null });
    expect(page.head.jsonLd[0]).toMatchObject({ "@type": "NewsArticle" });
    expect(page.head.jsonLd[0]).not.toHaveProperty("liveBlogUpdate");
  });
});

describe("content.article: a live blog's JSON-LD", () => {
  it("is a LiveBlogPosting with its coverage start and each update as a BlogPosting at its anchor", async () => {
    const page = await renderLive(anArticleLive({ updates: [newest, older] }));
    const [posting] = page.head.jsonLd;
    expect(posting).toMatchObject({
      "@type": "LiveBlogPosting",
      headline: "Harbour bridge reopens after three years",
      coverageStartTime: "2026-11-21T14:00:00.000Z",
      liveBlogUpdate: [
        {
          "@type": "BlogPosting",
          headline:
            "The bridge is open to traffic again, the council says. Read the statement or this",
          articleBody:
            "The bridge is open to traffic again, the council says.\n\nRead the statement or this",
          datePublished: "2026-11-21T16:30:00.000Z",
          dateModified: "2026-11-21T16:35:00.000Z",
          url: `${CANONICAL}#update-42`,
        },
        {
          "@type": "BlogPosting",
          headline: "Engineers are on the deck.",
          datePublished: "2026-11-21T15:10:00.000Z",
          url: `${CANONICAL}#update-41`,
        },
      ],
    });
    expect(posting).not.toHaveProperty("coverageEndTime");
  });

  it("names the coverage end once the blog ended", async () => {
    const page = await renderLive(
      anArticleLive({ state: "ended", endedAt: "2026-11-21T18:00:00.000Z", updates: [] }),
    );
    expect(page.head.jsonLd[0]).toMatchObject({
      "@type": "LiveBlogPosting",
      coverageStartTime: "2026-11-21T14:00:00.000Z",
      coverageEndTime: "2026-11-21T18:00:00.000Z",
      liveBlogUpdate: [],
    });
  });
});

describe("the live blog's poller", () => {
  it("accepts the API's answer and refuses anything else", () => {
    const answer = { state: "live", endedAt: null, updates: [newest], more: false };
    expect(isUpdatesAnswer(answer)).toBe(true);
    expect(isUpdatesAnswer({ ...answer, state: "paused" })).toBe(false);
    expect(isUpdatesAnswer({ ...answer, more: "no" })).toBe(false);
    expect(isUpdatesAnswer({ ...answer, updates: [{ ...newest, id: "0" }] })).toBe(false);
    expect(isUpdatesAnswer({ ...answer, updates: [{ ...newest, paragraphs: ["text"] }] })).toBe(
      false,
    );
    expect(isUpdatesAnswer({ ...answer, updates: [{ ...newest, keyEvent: 1 }] })).toBe(false);
    expect(isUpdatesAnswer(null)).toBe(false);
  });
});

/**
 * Ordinary articles load no byte of the live blog (decision 0021): the built reader remote
 * keeps it and its poller in a chunk of their own, which only a live article's page imports.
 */
const built = import.meta.glob("/dist/client/_mf/content/*/*.js", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
const current = import.meta.glob("/dist/client/_mf/content/current.json", {
  import: "default",
  eager: true,
}) as Record<string, { buildId: string }>;

describe("the reader remote's live chunk", () => {
  it("is not the reader expose: the expose only knows how to import it", () => {
    const buildId = Object.values(current)[0]?.buildId ?? "";
    const files = Object.entries(built).filter(([path]) => path.includes(`/${buildId}/`));
    const expose = files.find(([path]) => path.includes("__federation_expose_fragment"));
    expect(expose, "build mfe-content first").toBeDefined();
    const live = files.filter(([, text]) => text.includes("c-live__update"));
    // The live chunk, and the newsroom's copy (its preview renders the reader's article).
    expect(live.map(([path]) => path).filter((path) => !path.includes("newsroom"))).toHaveLength(1);
    expect(expose?.[1]).not.toContain("c-live__update");
    expect(expose?.[1]).not.toContain("c-live__key-events");
    const [[, chunk] = ["", ""]] = live.filter(([path]) => !path.includes("newsroom"));
    expect(chunk).toContain("Key event");
  });
});
