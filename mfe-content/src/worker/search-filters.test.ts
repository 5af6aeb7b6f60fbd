import { describe, expect, it } from "vitest";
import { aSearchResponse, aSection } from "edge-api/fake/content";
import { apiFailure, createFakeApi, type FakeAnswer, type FakeApi } from "edge-api/fake";
import { pathsAsked } from "../test/api-calls.ts";
import { expectPage, renderRequest, renderWith } from "../test/render-route.ts";

const sections = {
  sections: [aSection(), aSection({ slug: "business", name: "Business", categories: [] })],
};

function searchFor(search: string) {
  return renderRequest("content.search", {}, { path: "/search", search });
}

function searchApi(answer: FakeAnswer<"search"> = aSearchResponse()) {
  return createFakeApi({ search: answer, sections });
}

function searchesAsked(api: FakeApi): string[] {
  return pathsAsked(api).filter((path) => path.startsWith("/api/search"));
}

const FILTERED = "?q=bridge&section=world&from=2026-11-01&to=2026-11-20&sort=newest";

/** Every label's `for` names a field of the page, and every field has a label. */
function expectEveryFieldLabelled(html: string) {
  const fields = [...html.matchAll(/<(?:input|select) id="([^"]+)"/g)].map((m) => m[1]);
  const labels = [...html.matchAll(/<label for="([^"]+)">/g)].map((m) => m[1]);
  expect(fields).toHaveLength(5);
  expect(labels.sort()).toEqual(fields.sort());
}

describe("content.search filters (issue 15)", () => {
  it("sends section, dates and sort to the API and keeps them in the form and More results", async () => {
    const api = searchApi(aSearchResponse({ nextCursor: "c2" }));
    const page = expectPage(await renderWith(api, searchFor(FILTERED)));
    expect(searchesAsked(api)).toEqual([
      "/api/search?q=bridge&section=world&from=2026-11-01&to=2026-11-20&sort=newest",
    ]);
    expect(page.status).toBe(200);
    expect(page.html).toContain(
      "Search results for “bridge” in World, from 1 November 2026 to 20 November 2026, newest first</h1>",
    );
    expect(page.head.canonicalPath).toBe(
      "/search?q=bridge&section=world&from=2026-11-01&to=2026-11-20&sort=newest",
    );
    expect(page.html).toMatch(
      /<select id="[^"]+" name="section"><option value="">All sections<\/option><option value="world" selected="">World<\/option><option value="business">Business<\/option><\/select>/,
    );
    expect(page.html).toMatch(/<input id="[^"]+" type="date" name="from" value="2026-11-01"\/>/);
    expect(page.html).toMatch(/<input id="[^"]+" type="date" name="to" value="2026-11-20"\/>/);
    expect(page.html).toContain('<option value="newest" selected="">Newest</option>');
    expect(page.html).toContain(
      '<a href="/search?q=bridge&amp;section=world&amp;from=2026-11-01&amp;to=2026-11-20&amp;sort=newest&amp;cursor=c2" rel="next">More results</a>',
    );
    expectEveryFieldLabelled(page.html);
  });

  it("treats the form's empty fields and the default sort as no filter", async () => {
    const api = searchApi();
    const page = expectPage(
      await renderWith(api, searchFor("?q=bridge&section=&from=&to=&sort=relevance")),
    );
    expect(searchesAsked(api)).toEqual(["/api/search?q=bridge"]);
    expect(page.html).toContain("Search results for “bridge”</h1>");
    expect(page.html).toContain('<option value="" selected="">All sections</option>');
    expect(page.html).toContain('<option value="relevance" selected="">Relevance</option>');
  });

  it("labels every field of the empty search page too", async () => {
    const page = expectPage(await renderWith(searchApi(), searchFor("")));
    expectEveryFieldLabelled(page.html);
  });

  it("answers filters it can tell are wrong with a 400 that says what, without searching", async () => {
    const api = searchApi();
    const cases = [
      ["?q=bridge&from=2026-13-01", "“From” must be a date, such as 2026-11-20."],
      ["?q=bridge&to=yesterday", "“To” must be a date, such as 2026-11-20."],
      [
        "?q=bridge&from=2026-11-20&to=2026-11-01",
        "“From” (2026-11-20) is after “To” (2026-11-01): the first date must come first.",
      ],
      ["?q=bridge&sort=oldest", "Sort by relevance or by newest."],
      ["?q=bridge&section=World!", "Choose a section from the list."],
    ] as const;
    for (const [search, message] of cases) {
      const page = expectPage(await renderWith(api, searchFor(search)));
      expect(page.status).toBe(400);
      expect(page.html).toContain(`<p class="c-search__problem" role="alert">${message}</p>`);
      expect(page.html).toContain("Search: check what you asked for</h1>");
      // The form keeps the reader's values.
      expect(page.html).toMatch(/name="q" value="bridge"\/>/);
      expectEveryFieldLabelled(page.html);
    }
    expect(expectPage(await renderWith(api, searchFor(cases[2][0]))).html).toMatch(
      /type="date" name="from" value="2026-11-20"\/>/,
    );
    expect(searchesAsked(api)).toEqual([]);
  });

  it("answers the API's 400 for filters with a 400 page, never a 500", async () => {
    const api = searchApi(apiFailure(400, "invalid_request"));
    const page = expectPage(await renderWith(api, searchFor(FILTERED)));
    expect(page.status).toBe(400);
    expect(page.html).toContain(
      "Those filters cannot be searched. Check the section and the dates.",
    );
    expect(page.html).toMatch(/type="date" name="to" value="2026-11-20"\/>/);
  });

  it("answers an unknown section (the API's 404) with a 400 page naming it", async () => {
    const api = searchApi(apiFailure(404, "not_found"));
    const page = expectPage(await renderWith(api, searchFor("?q=bridge&section=atlantis")));
    expect(searchesAsked(api)).toEqual(["/api/search?q=bridge&section=atlantis"]);
    expect(page.status).toBe(400);
    expect(page.html).toContain("There is no section called “atlantis”. Choose one from the list.");
    expect(page.html).not.toContain("Search results for");
  });
});
