import { aPageResponse, anArticleCard, anArticleDetail } from "edge-api/fake/content";
import { apiFailure, createFakeApi } from "edge-api/fake";
import { describe, expect, it } from "vitest";
import { articleApi, articleParams } from "../test/article-api.ts";
import { expectPage, renderPage, renderRequest, renderWith } from "../test/render-route.ts";

/** What the newsroom (issue 13) changes on readers' pages: marks, corrections, 410, old slugs. */

describe("an article's body with inline marks", () => {
  it("renders bold, italic and links, and drops a link no body may have to plain text", async () => {
    const api = articleApi({
      body: [
        {
          type: "paragraph",
          text: "Read the report, the bold part and this.",
          runs: [
            { text: "Read " },
            { text: "the report", href: "https://example.org/report" },
            { text: ", the " },
            { text: "bold part", bold: true },
            { text: " and " },
            { text: "this", href: "javascript:alert(1)", italic: true },
            { text: "." },
          ],
        },
        {
          type: "list",
          items: ["Our explainer", "Plain item"],
          itemRuns: [
            [{ text: "Our explainer", href: "/world/europe/explainer" }],
            [{ text: "Plain item" }],
          ],
        },
        { type: "paragraph", text: "No marks here.", runs: [{ text: "No marks here." }] },
      ],
    });
    const page = expectPage(await renderWith(api, renderRequest("content.article", articleParams)));
    const html = page.html;
    expect(html).toContain('<a href="https://example.org/report" rel="noopener">the report</a>');
    expect(html).toContain("<strong>bold part</strong>");
    expect(html).toContain("<em>this</em>");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('<a href="/world/europe/explainer">Our explainer</a>');
    expect(html).toContain("<p>No marks here.</p>");
  });
});

describe("corrections", () => {
  it("shows each correction at the foot and in the JSON-LD", async () => {
    const api = articleApi({
      corrections: [
        {
          at: "2026-11-22T10:00:00.000Z",
          text: "An earlier version misspelt the engineer's name.",
        },
      ],
    });
    const page = expectPage(await renderWith(api, renderRequest("content.article", articleParams)));
    expect(page.html).toContain('<h2 id="corrections-heading">Correction</h2>');
    expect(page.html).toContain("An earlier version misspelt the engineer&#x27;s name.");
    const article = page.head.jsonLd.find((item) => item["@type"] === "NewsArticle");
    expect(article?.correction).toEqual([
      {
        "@type": "CorrectionComment",
        text: "An earlier version misspelt the engineer's name.",
        datePublished: "2026-11-22T10:00:00.000Z",
      },
    ]);
  });

  it("has no correction section or JSON-LD field when there is none", async () => {
    const page = expectPage(
      await renderWith(articleApi(), renderRequest("content.article", articleParams)),
    );
    expect(page.html).not.toContain("corrections-heading");
    const article = page.head.jsonLd.find((item) => item["@type"] === "NewsArticle");
    expect(article).not.toHaveProperty("correction");
  });

  it("lists every correction on /pages/corrections, newest first, with the article linked", async () => {
    const api = createFakeApi({
      page: aPageResponse({
        slug: "corrections",
        title: "Corrections",
        body: [{ type: "paragraph", text: "We correct our mistakes." }],
      }),
      corrections: ({ query }) => ({
        corrections: [
          {
            at: "2026-11-22T10:00:00.000Z",
            text: "The bridge opened on Saturday, not Sunday.",
            article: anArticleCard({ slug: "bridge", headline: "Bridge reopens" }),
          },
        ],
        nextCursor: query.cursor ? null : "older-page",
      }),
    });
    const page = await renderPage(api, "content.page", { slug: "corrections" });
    expect(page.html).toContain("Corrections we have made");
    expect(page.html).toMatch(/<a href="\/[a-z-]+\/[a-z-]+\/bridge">Bridge reopens<\/a>/);
    expect(page.html).toContain("The bridge opened on Saturday, not Sunday.");
    expect(page.html).toContain('href="/pages/corrections?cursor=older-page"');
  });

  it("does not ask for corrections on other static pages", async () => {
    const api = createFakeApi({ page: aPageResponse() });
    const page = await renderPage(api, "content.page", { slug: "about-us" });
    expect(page.html).not.toContain("Corrections we have made");
    expect(api.calls.map((call) => call.endpoint)).toEqual(["page"]);
  });
});

describe("withdrawn and moved articles", () => {
  it("answers 410 with a plain explanation for an unpublished article, never indexed", async () => {
    const api = createFakeApi({ article: apiFailure(410, "gone") });
    const page = expectPage(await renderWith(api, renderRequest("content.article", articleParams)));
    expect(page.status).toBe(410);
    expect(page.head.robots).toBe("noindex");
    expect(page.html).toContain("This article has been withdrawn</h1>");
  });

  it("sends an old slug to the article's address under its new slug (301)", async () => {
    const moved = anArticleDetail({ slug: "bridge-reopens-early" });
    // The API answers an old slug with the article under its current one.
    const api = createFakeApi({
      article: ({ params }) =>
        params.slug === articleParams.slug || params.slug === moved.slug
          ? { article: moved }
          : apiFailure(404, "not_found"),
    });
    const answer = await renderWith(api, renderRequest("content.article", articleParams));
    expect(answer).toEqual({
      kind: "redirect",
      status: 301,
      location: `/${moved.section.slug}/${moved.category.slug}/bridge-reopens-early`,
    });
  });

  it("uses the desk's SEO title and description when set", async () => {
    const api = articleApi({ seo: { title: "Bridge open again", description: "It is open." } });
    const page = expectPage(await renderWith(api, renderRequest("content.article", articleParams)));
    expect(page.head.title).toBe("Bridge open again | The Daily Edge");
    expect(page.head.description).toBe("It is open.");
  });
});
