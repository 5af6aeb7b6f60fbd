import { renderFragmentHtml } from "shell/fragment-kit/server";
import { describe, expect, it } from "vitest";
import type { SearchView, StaticPageView } from "./content-views.ts";
import { FragmentApp } from "./fragment-app.tsx";

const staticPage: StaticPageView = {
  view: "page",
  title: "Corrections",
  body: [{ type: "paragraph", text: "We correct mistakes promptly." }],
  updatedAt: "2026-02-01T10:00:00.000Z",
};

describe("FragmentApp", () => {
  it("renders the page of the route", async () => {
    const html = await renderFragmentHtml("content", FragmentApp, "content.page", staticPage);
    expect(html).toContain("Corrections</h1>");
  });

  it("renders the search page with one h1 and snippets as <mark>", async () => {
    const search: SearchView = {
      view: "search",
      query: "tram",
      state: "results",
      tooLong: false,
      results: [
        {
          story: {
            href: "/city/transport/new-tram",
            headline: "New tram line opens",
            standfirst: "",
            publishedAt: "2026-11-20T08:00:00.000Z",
            kicker: { href: "/city/transport", label: "Transport" },
            authorNames: [],
            image: null,
          },
          snippet: [
            { text: "The new ", match: false },
            { text: "tram", match: true },
          ],
        },
      ],
      moreHref: null,
      sections: [],
    };
    const html = await renderFragmentHtml("content", FragmentApp, "content.search", search);
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain("<mark>tram</mark>");
    expect(html).not.toMatch(/<h[4-6]/);
  });

  it("renders nothing for an unknown route or props of another route", async () => {
    for (const [routeId, props] of [
      ["content.unknown", staticPage],
      ["toString", staticPage],
      ["content.article", staticPage],
      ["content.page", null],
      ["content.page", { view: "elsewhere" }],
    ] as const) {
      expect(await renderFragmentHtml("content", FragmentApp, routeId, props)).toBe("");
    }
  });
});
