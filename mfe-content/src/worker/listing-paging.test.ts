import { describe, expect, it } from "vitest";
import {
  aCategoryResponse,
  anAuthorResponse,
  aSectionResponse,
  aTagResponse,
} from "edge-api/fake/content";
import { apiFailure, createFakeApi, type FakeAnswers } from "edge-api/fake";
import { pathsAsked } from "../test/api-calls.ts";
import { expectNotFound, renderPage } from "../test/render-route.ts";

/** The four listings that page (issue 15: both ways), each with the path of its first page. */
const listings = [
  {
    routeId: "content.section",
    params: { section: "world" },
    path: "/world",
    answer: (cursors: Cursors): FakeAnswers => ({ section: aSectionResponse(cursors) }),
    title: "World",
  },
  {
    routeId: "content.category",
    params: { section: "world", category: "europe" },
    path: "/world/europe",
    answer: (cursors: Cursors): FakeAnswers => ({ category: aCategoryResponse(cursors) }),
    title: "Europe | World",
  },
  {
    routeId: "content.author",
    params: { slug: "ada-okafor" },
    path: "/authors/ada-okafor",
    answer: (cursors: Cursors): FakeAnswers => ({ author: anAuthorResponse(cursors) }),
    title: "Ada Okafor",
  },
  {
    routeId: "content.tag",
    params: { slug: "infrastructure" },
    path: "/tags/infrastructure",
    answer: (cursors: Cursors): FakeAnswers => ({ tag: aTagResponse(cursors) }),
    title: "Infrastructure: articles tagged",
  },
] as const;

type Cursors = { nextBefore: string | null; newerAfter: string | null };

const paginationOf = (html: string) => /<nav class="c-pagination"[^]*?<\/nav>/.exec(html)?.[0];

describe.each(listings)("$routeId paging both ways", ({ routeId, params, path, answer, title }) => {
  it("passes ?after= to the API and links newer, older and the latest page", async () => {
    const api = createFakeApi(answer({ nextBefore: "2026-11-01~4", newerAfter: "2026-11-09~8" }));
    const page = await renderPage(api, routeId, params, { search: "?after=2026-11-05~6" });
    const asked = new URL(pathsAsked(api)[0] ?? "", "https://api.test");
    expect(asked.searchParams.get("after")).toBe("2026-11-05~6");
    expect(asked.searchParams.has("before")).toBe(false);
    expect(page.head).toMatchObject({
      title: `Newer articles | ${title} | The Daily Edge`,
      canonicalPath: `${path}?after=2026-11-05~6`,
    });
    // A page asked with a cursor is indexed like the ?before= pages always were.
    expect(page.head.robots).toBeUndefined();
    expect(paginationOf(page.html)).toBe(
      `<nav class="c-pagination" aria-label="More articles"><a href="${path}">Latest</a>` +
        `<a href="${path}?after=2026-11-09~8" rel="prev">Newer articles</a>` +
        `<a href="${path}?before=2026-11-01~4" rel="next">Older articles</a></nav>`,
    );
  });

  it("links the latest page from an older page, and no newer page when there is none", async () => {
    const api = createFakeApi(answer({ nextBefore: null, newerAfter: null }));
    const page = await renderPage(api, routeId, params, { search: "?before=c-1" });
    expect(paginationOf(page.html)).toBe(
      `<nav class="c-pagination" aria-label="More articles"><a href="${path}">Latest</a></nav>`,
    );
  });

  it("has no Latest or Newer link on the first page", async () => {
    const api = createFakeApi(answer({ nextBefore: "c-1", newerAfter: null }));
    const page = await renderPage(api, routeId, params);
    expect(page.html).not.toContain(">Latest</a>");
    expect(page.html).not.toContain("Newer articles");
    expect(page.html).toContain(`<a href="${path}?before=c-1" rel="next">Older articles</a>`);
  });

  it("answers not-found for both cursors at once or a bad ?after=, without asking the API", async () => {
    const api = createFakeApi(answer({ nextBefore: null, newerAfter: null }));
    for (const search of ["?before=a-1&after=b-2", "?after=<b>", `?after=${"x".repeat(500)}`]) {
      await expectNotFound(api, routeId, params, { search });
    }
    expect(api.calls).toHaveLength(0);
  });

  it("answers not-found (never a 500) for an ?after= cursor the API rejects with a 400", async () => {
    const api = createFakeApi({
      [routeId.slice("content.".length)]: apiFailure(400, "bad_cursor"),
    });
    await expectNotFound(api, routeId, params, { search: "?after=nonsense" });
    expect(api.calls).toHaveLength(1);
  });
});
