import { describe, expect, it } from "vitest";
import { anArticleCard, aSearchResponse, aSection } from "edge-api/fake/content";
import { apiFailure, createFakeApi, type FakeAnswer, type FakeApi } from "edge-api/fake";
import { pathsAsked } from "../test/api-calls.ts";
import { BAD_CURSOR_PROBLEM, MAX_QUERY_LENGTH } from "./search-loader.ts";
import {
  expectPage,
  expectRenderFailure,
  renderRequest,
  renderWith,
} from "../test/render-route.ts";

const sections = {
  sections: [aSection(), aSection({ slug: "business", name: "Business", categories: [] })],
};

function searchFor(search: string) {
  return renderRequest("content.search", {}, { path: "/search", search });
}

/** The searches the Worker asked for (it also lists the sections, for the form). */
function searchesAsked(api: FakeApi): string[] {
  return pathsAsked(api).filter((path) => path.startsWith("/api/search"));
}

function searchApi(answer: FakeAnswer<"search"> = aSearchResponse()) {
  return createFakeApi({ search: answer, sections: sections });
}

describe("content.search", () => {
  it("renders results with highlighted snippets and a search form", async () => {
    const api = searchApi(aSearchResponse({ nextCursor: "c2" }));
    const page = expectPage(await renderWith(api, searchFor("?q=bridge")));

    expect(searchesAsked(api)).toEqual(["/api/search?q=bridge"]);
    expect(page.status).toBe(200);
    expect(page.cache).toEqual({ scope: "public", maxAge: 60 });
    expect(page.head.title).toBe("Search results for “bridge” | The Daily Edge");
    expect(page.head.robots).toBe("noindex");
    expect(page.head.canonicalPath).toBe("/search?q=bridge");
    expect(page.html.match(/<h1/g)).toHaveLength(1);
    expect(page.html).toContain("Search results for “bridge”</h1>");
    expect(page.html).toMatch(
      /<form class="c-search-form" role="search" action="\/search" method="get">/,
    );
    expect(page.html).toMatch(/<label for="([^"]+)">Search articles<\/label>/);
    expect(page.html).toMatch(/<input id="[^"]+" type="search"[^>]* name="q" value="bridge"\/>/);
    expect(page.html).toContain("<span>The harbour </span><mark>bridge</mark>");
    expect(page.html).toContain("Harbour bridge reopens after three years</a></h3>");
    expect(page.html).toContain(
      '<a href="/search?q=bridge&amp;cursor=c2" rel="next">More results</a>',
    );
    expect(page.html).not.toContain("Browse the sections");
  });

  it("asks for the next page with the cursor and answers not-found past the end", async () => {
    const api = searchApi(aSearchResponse());
    const page = expectPage(await renderWith(api, searchFor("?q=bridge&cursor=c2")));
    expect(api.calls[0]?.path).toBe("/api/search?q=bridge&cursor=c2");
    expect(page.head.title).toBe("More results | Search results for “bridge” | The Daily Edge");
    expect(page.head.canonicalPath).toBe("/search?q=bridge&cursor=c2");

    const empty = searchApi(aSearchResponse({ results: [] }));
    expect(await renderWith(empty, searchFor("?q=bridge&cursor=c9"))).toEqual({
      kind: "not-found",
    });
  });

  it("answers a cursor the API rejects or that is malformed with a 400 page that says so", async () => {
    const api = searchApi(apiFailure(400, "invalid_cursor"));
    for (const cursor of ["nope", "<b>", "x".repeat(500), ""]) {
      const search = `?q=bridge&cursor=${encodeURIComponent(cursor)}`;
      const page = expectPage(await renderWith(api, searchFor(search)));
      expect(page.status).toBe(400);
      expect(page.html).toContain(BAD_CURSOR_PROBLEM);
      // The form is still there, with the reader's words.
      expect(page.html).toMatch(/<input id="[^"]+" type="search"[^>]* name="q" value="bridge"\/>/);
    }
    expect(searchesAsked(api)).toEqual(["/api/search?q=bridge&cursor=nope"]);
  });

  it("helps a reader who has not searched yet", async () => {
    const api = searchApi();
    for (const search of ["", "?q=", "?q=%20%20%20", "?q=%00%01"]) {
      const page = expectPage(await renderWith(api, searchFor(search)));
      expect(page.head.title).toBe("Search | The Daily Edge");
      expect(page.head.robots).toBe("noindex");
      expect(page.head.canonicalPath).toBe("/search");
      expect(page.html).toContain("Search</h1>");
      expect(page.html).toContain("How to search");
      expect(page.html).toContain('<a href="/business">Business</a>');
    }
    expect(pathsAsked(api).every((path) => path === "/api/sections")).toBe(true);
  });

  it("says plainly when nothing matches, and suggests sections", async () => {
    const api = searchApi(aSearchResponse({ results: [] }));
    const page = expectPage(await renderWith(api, searchFor("?q=zebra")));
    expect(page.html).toContain("No articles match “zebra”.");
    expect(page.html).toContain('<a href="/world">World</a>');
    expect(page.html).not.toContain("More results");
  });

  it("answers absurd input with the no-results page, never an error", async () => {
    const rejecting = searchApi(apiFailure(400, "invalid_query"));
    const inputs = [
      "a".repeat(10_240),
      'bridge AND "NEAR(x y)" OR NOT * ^ : ( ) -',
      '<script>alert("x")</script>',
      "😀".repeat(3),
    ];
    for (const q of inputs) {
      const page = expectPage(
        await renderWith(rejecting, searchFor(`?q=${encodeURIComponent(q)}`)),
      );
      // Only the 10 KB one is too long to be a search: a 400 that says so (issue 14).
      expect(page.status).toBe(q.length > MAX_QUERY_LENGTH ? 400 : 200);
      expect(page.head.title.length).toBeLessThanOrEqual(300);
      expect(page.html).toContain("Browse the sections");
      expect(page.html).not.toContain("<script");
    }
    // The 10 KB query never reached the API; it was too long to be a search.
    expect(searchesAsked(rejecting)).toHaveLength(3);
  });

  it("echoes a long query shortened and script-like text escaped", async () => {
    const api = searchApi(aSearchResponse({ results: [] }));
    const long = expectPage(await renderWith(api, searchFor(`?q=${"word ".repeat(2000)}`)));
    expect(long.head.title).toMatch(/^Search results for “(word )+word…” \| The Daily Edge$/);
    expect(long.head.canonicalPath).toBe("/search");
    expect(long.html).toContain("That search is too long");
    expect(long.status).toBe(400);
    expect(long.html.length).toBeLessThan(10_000);

    const hostile = '<script>alert("x")</script>';
    const page = expectPage(await renderWith(api, searchFor(`?q=${encodeURIComponent(hostile)}`)));
    expect(page.head.title).toBe(`Search results for “${hostile}” | The Daily Edge`);
    expect(page.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(page.html).not.toContain("<script");
  });

  it("keeps script-like text in results and snippets escaped", async () => {
    const api = searchApi(
      aSearchResponse({
        results: [
          {
            article: anArticleCard({ headline: "<img src=x onerror=alert(1)>" }),
            snippet: [{ text: "<b>bold</b>", match: true }],
          },
        ],
      }),
    );
    const page = expectPage(await renderWith(api, searchFor("?q=bold")));
    expect(page.html).toContain("<mark>&lt;b&gt;bold&lt;/b&gt;</mark>");
    expect(page.html).not.toContain("<img src=x");
  });

  it("fails loudly when the API itself fails", async () => {
    await expectRenderFailure(searchApi(apiFailure(503, "unavailable")), searchFor("?q=bridge"));
  });
});
