import { anArticleCard, anImage } from "edge-api/fake/content";
import { describe, expect, it } from "vitest";
import { articleApi, articleParams } from "../test/article-api.ts";
import { expectPage, renderRequest, renderWith } from "../test/render-route.ts";

/** The article's generated share card (issue 16), at its current version. */
const ARTICLE_CARD =
  /^https:\/\/www\.dailyedge\.test\/images\/cards\/article\/bridge-reopens\.jpg\?v=[0-9a-f]{8}$/;

describe("content.article: the page", () => {
  it("renders headline, standfirst, byline, dates, body, tags and print placement", async () => {
    const api = articleApi({
      print: { editionDate: "2026-11-21", page: "A1", book: "News" },
    });
    const page = expectPage(await renderWith(api, renderRequest("content.article", articleParams)));

    expect(page.status).toBe(200);
    expect(page.cache).toEqual({ scope: "public", maxAge: 60 });
    expect(page.head.title).toBe("Harbour bridge reopens after three years | The Daily Edge");
    expect(page.head.description).toBe("Commuters return to the crossing as repairs finish early.");
    expect(page.head.canonicalPath).toBe("/world/europe/bridge-reopens");
    expect(page.head.meta).toContainEqual({ property: "og:type", content: "article" });
    expect(page.head.meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(page.stylesheets).toEqual([
      expect.stringMatching(/^\/_mf\/content\/[a-z0-9]+\/fragment\.css$/),
    ]);

    const html = page.html;
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain("Harbour bridge reopens after three years</h1>");
    expect(html).toContain('<a href="/authors/ada-okafor" rel="author">Ada Okafor</a>');
    expect(html).toContain('<a href="/authors/tom-reyes" rel="author">Tom Reyes</a>');
    expect(html).toContain(
      '<time dateTime="2026-11-21T09:30:00.000Z">21 November 2026, 09:30</time>',
    );
    expect(html).toContain(
      '<time dateTime="2026-11-21T14:05:00.000Z">21 November 2026, 14:05</time>',
    );
    expect(html).toContain("<p>The harbour bridge reopened on Saturday morning.</p>");
    expect(html).toContain("<h2>What comes next</h2>");
    expect(html).toContain("<blockquote><p>We built it to last a century.</p></blockquote>");
    expect(html).toContain("<li>Wider footpaths</li>");
    expect(html).toContain('<a href="/tags/infrastructure" rel="tag">Infrastructure</a>');
    expect(html).toContain('<a href="/todays-paper/2026-11-21/A1">page A1, 21 November 2026</a>');
    expect(html).toContain('<a href="/world">World</a>');
    expect(html).toContain('<a href="/world/europe">Europe</a>');
  });

  it("saves the article for later in one step: a form POST to the profile with slug and next", async () => {
    const page = expectPage(
      await renderWith(articleApi(), renderRequest("content.article", articleParams)),
    );
    expect(page.html).toContain(
      '<form class="c-save" action="/profile" method="post">' +
        '<input type="hidden" name="intent" value="save-article"/>' +
        '<input type="hidden" name="slug" value="bridge-reopens"/>' +
        '<input type="hidden" name="next" value="/world/europe/bridge-reopens"/>' +
        '<button type="submit" class="c-save__button">Save for later</button></form>',
    );
    // No CSRF field: the page is the same cached page for every reader.
    expect(page.html).not.toContain('name="csrf');
    expect(page.html).not.toContain("?save=");
    expect(page.html).not.toContain("Remove from saved");
    expect(page.props).toMatchObject({ save: { saved: false } });
  });

  it("shows a saved article as saved, with a form to remove it, when the request says saved", async () => {
    const page = expectPage(
      await renderWith(
        articleApi(),
        renderRequest("content.article", articleParams, { saved: true }),
      ),
    );
    expect(page.html).toContain(
      '<form class="c-save c-save--saved" action="/profile" method="post">' +
        '<input type="hidden" name="intent" value="remove-saved"/>' +
        '<input type="hidden" name="slug" value="bridge-reopens"/>' +
        '<input type="hidden" name="next" value="/world/europe/bridge-reopens"/>' +
        '<span class="c-save__state"><span aria-hidden="true">✓ </span>Saved to your <a href="/profile">profile</a></span>' +
        '<button type="submit" class="c-save__button">Remove from saved</button></form>',
    );
    expect(page.html).not.toContain(">Save for later<");
    // In the props, so the browser hydrates the same saved state.
    expect(page.props).toMatchObject({ save: { slug: "bridge-reopens", saved: true } });
  });

  it("offers Save for later when the shell could not say (saved null) or the reader has not saved it", async () => {
    for (const saved of [null, false]) {
      const page = expectPage(
        await renderWith(articleApi(), renderRequest("content.article", articleParams, { saved })),
      );
      expect(page.html).toContain('value="save-article"');
      expect(page.html).not.toContain("Saved to your");
    }
  });

  it("puts the story right after a short header: save in the header, share links after the body", async () => {
    const page = expectPage(
      await renderWith(articleApi(), renderRequest("content.article", articleParams)),
    );
    const at = (needle: string) => {
      const index = page.html.indexOf(needle);
      expect(index, needle).toBeGreaterThan(-1);
      return index;
    };
    const headerEnd = at("</header>");
    // The header holds headline, standfirst, byline, dates and the save form, in that order.
    expect(at('class="c-article__headline"')).toBeLessThan(at('class="c-article__standfirst"'));
    expect(at('class="c-article__standfirst"')).toBeLessThan(at('class="c-byline"'));
    expect(at('class="c-byline"')).toBeLessThan(at('class="c-article__dates"'));
    expect(at('class="c-article__dates"')).toBeLessThan(at('class="c-save"'));
    expect(at('class="c-save"')).toBeLessThan(headerEnd);
    // Then the lead image and the body; the share row only after the body, in the footer.
    expect(headerEnd).toBeLessThan(at('class="c-figure c-figure--lead"'));
    expect(at('class="c-figure c-figure--lead"')).toBeLessThan(at('class="c-body"'));
    expect(at('class="c-body"')).toBeLessThan(at('class="c-article__footer"'));
    expect(at('class="c-article__footer"')).toBeLessThan(at('class="c-share"'));
  });

  it("shows the lead image as a figure that loads first, with caption and credit", async () => {
    const api = articleApi({
      image: anImage({
        src: "/images/bridge.svg",
        alt: "The bridge at dawn",
        caption: "The reopened bridge.",
        credit: "Photograph: Mia Chen",
        width: 1200,
        height: 675,
      }),
    });
    const page = expectPage(await renderWith(api, renderRequest("content.article", articleParams)));
    expect(page.html).toContain(
      '<figure class="c-figure c-figure--lead"><img class="c-image" src="/images/bridge.svg"' +
        ' alt="The bridge at dawn" width="1200" height="675"' +
        ' decoding="async" loading="eager"' +
        ' fetchPriority="high"/><figcaption>The reopened bridge.' +
        '<span class="c-figure__credit">Photograph: Mia Chen</span></figcaption></figure>',
    );
    // An illustration is shared by the article's card, never its SVG (share-images.test.ts).
    expect(page.head.meta).toEqual(
      expect.arrayContaining([
        { property: "og:image", content: expect.stringMatching(ARTICLE_CARD) },
        { name: "twitter:card", content: "summary_large_image" },
        { property: "og:url", content: "https://www.dailyedge.test/world/europe/bridge-reopens" },
        { property: "og:site_name", content: "The Daily Edge" },
      ]),
    );
    expect(page.head.jsonLd[0]).toMatchObject({ image: [expect.stringMatching(ARTICLE_CARD)] });
  });

  it("renders no figure for an article without an image, and shares its card", async () => {
    const page = expectPage(
      await renderWith(
        articleApi({ image: null }),
        renderRequest("content.article", articleParams),
      ),
    );
    expect(page.html).not.toContain("c-figure--lead");
    expect(page.head.meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(page.head.meta).toContainEqual({
      property: "og:image",
      content: expect.stringMatching(ARTICLE_CARD),
    });
    expect(page.head.jsonLd[0]).toMatchObject({ image: [expect.stringMatching(ARTICLE_CARD)] });
  });

  it("drops an image whose address is not on this site", async () => {
    for (const src of ["https://evil.example/x.svg", "//evil.example/x.svg", "javascript:x"]) {
      const page = expectPage(
        await renderWith(
          articleApi({ image: anImage({ src }) }),
          renderRequest("content.article", articleParams),
        ),
      );
      expect(page.html).not.toContain("evil.example");
      expect(page.html).not.toContain("javascript:");
    }
  });

  it("renders pull quotes, ordered lists and lazy inline images from the body", async () => {
    const api = articleApi({
      body: [
        { type: "paragraph", text: "First." },
        { type: "pullquote", text: "It will last a century." },
        { type: "list", ordered: true, items: ["Close", "Repair", "Reopen"] },
        { type: "image", image: anImage({ src: "/images/deck.svg", alt: "The new deck" }) },
      ],
    });
    const page = expectPage(await renderWith(api, renderRequest("content.article", articleParams)));
    expect(page.html).toContain(
      '<blockquote class="c-pullquote"><p>It will last a century.</p></blockquote>',
    );
    expect(page.html).toContain("<ol><li>Close</li><li>Repair</li><li>Reopen</li></ol>");
    expect(page.html).toMatch(
      /<figure class="c-figure"><img class="c-image" src="\/images\/deck.svg" alt="The new deck"[^>]* loading="lazy"\/>/,
    );
    expect(page.html).not.toMatch(/src="\/images\/deck.svg"[^>]*fetchPriority/);
  });

  it("shows reading time, related articles, share links and the print line", async () => {
    const api = articleApi({
      readingMinutes: 6,
      related: [anArticleCard({ headline: "Ferry fares to rise in spring", slug: "ferry" })],
      print: { editionDate: "2026-11-21", page: "A1", book: "News" },
    });
    const page = expectPage(await renderWith(api, renderRequest("content.article", articleParams)));
    const html = page.html;
    expect(html).toContain('<span class="c-article__reading">6 min read</span>');
    expect(html).toMatch(/<h2 id="[^"]+" class="c-section-heading">Related articles<\/h2>/);
    expect(html).toContain('<a href="/world/europe/ferry">Ferry fares to rise in spring</a>');
    expect(html).toContain(
      '<p class="c-print">In print:<!-- --> <a href="/todays-paper/2026-11-21/A1">page A1, 21 November 2026</a></p>',
    );

    const url = encodeURIComponent("https://www.dailyedge.test/world/europe/bridge-reopens");
    const text = encodeURIComponent("Harbour bridge reopens after three years");
    const shares = [
      [`mailto:?subject=${text}&amp;body=${url}`, "Share by email (opens in a new tab)", "Email"],
      [
        `https://twitter.com/intent/tweet?url=${url}&amp;text=${text}`,
        "Share on X (Twitter) (opens in a new tab)",
        "X",
      ],
      [
        `https://www.facebook.com/sharer/sharer.php?u=${url}`,
        "Share on Facebook (opens in a new tab)",
        "Facebook",
      ],
      [
        `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
        "Share on LinkedIn (opens in a new tab)",
        "LinkedIn",
      ],
    ];
    for (const [href, name, label] of shares) {
      expect(html).toContain(
        `<a href="${href}" target="_blank" rel="noopener noreferrer" aria-label="${name}">${label}</a>`,
      );
    }
    expect(html).toContain(
      '<a href="https://www.dailyedge.test/world/europe/bridge-reopens" class="c-share__copy">Copy link',
    );
    expect(html).not.toMatch(/<script/);
    expect(html.match(/<h1/g)).toHaveLength(1);
  });
});
