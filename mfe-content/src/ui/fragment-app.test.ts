import { renderFragmentHtml } from "shell/fragment-kit/server";
import { describe, expect, it } from "vitest";
import type { PublicationView, SearchView, StaticPageView } from "./content-views.ts";
import { FragmentApp } from "./fragment-app.tsx";

const publication: PublicationView = { name: "The Daily Edge", timeZone: "Europe/London" };

const staticPage: StaticPageView = {
  view: "page",
  publication,
  title: "Corrections",
  body: [{ type: "paragraph", text: "We correct mistakes promptly.", runs: null }],
  updatedAt: "2026-02-01T10:00:00.000Z",
  corrections: null,
};

describe("FragmentApp", () => {
  it("renders the page of the route", async () => {
    const html = await renderFragmentHtml("content", FragmentApp, "content.page", staticPage);
    expect(html).toContain("Corrections</h1>");
  });

  it("renders the search page with one h1 and snippets as <mark>", async () => {
    const search: SearchView = {
      view: "search",
      action: "/search",
      publication,
      query: "tram",
      heading: "Search results for “tram” in City, since 1 November 2026, newest first",
      state: "results",
      tooLong: false,
      problem: null,
      filters: { section: "city", from: "2026-11-01", to: "", sort: "newest" },
      sectionOptions: [{ slug: "city", name: "City" }],
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
    expect(html).toContain(
      "Search results for “tram” in City, since 1 November 2026, newest first</h1>",
    );
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
      ["content.page", { ...staticPage, publication: undefined }],
      ["content.page", { ...staticPage, publication: { name: "The Daily Edge" } }],
    ] as const) {
      expect(await renderFragmentHtml("content", FragmentApp, routeId, props)).toBe("");
    }
  });

  it("shows dates in the time zone its props name, the publication's", async () => {
    const late = { ...staticPage, updatedAt: "2026-07-01T23:30:00.000Z" };
    const london = await renderFragmentHtml("content", FragmentApp, "content.page", late);
    expect(london).toContain('<time dateTime="2026-07-01T23:30:00.000Z">2 July 2026</time>');
    const newYork = await renderFragmentHtml("content", FragmentApp, "content.page", {
      ...late,
      publication: { name: "The Harbour Herald", timeZone: "America/New_York" },
    });
    expect(newYork).toContain('<time dateTime="2026-07-01T23:30:00.000Z">1 July 2026</time>');
  });
});
