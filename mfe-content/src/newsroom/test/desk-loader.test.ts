import { describe, expect, it } from "vitest";
import { apiFailure, createFakeApi } from "edge-api/fake";
import { pathsAsked } from "../../test/api-calls.ts";
import { expectPage, renderWith } from "../../test/render-route.ts";
import { aTaxonomy, newsroomRequest } from "./newsroom-fixtures.ts";

function deskRequest(search = "") {
  return newsroomRequest("content.newsroom", {}, { path: "/newsroom", search });
}

const stories = {
  stories: [
    {
      id: "42",
      headline: "Harbour bridge reopens",
      status: "scheduled" as const,
      section: { slug: "world", name: "World" },
      authors: [{ slug: "ada-okafor", name: "Ada Okafor" }],
      publishedAt: "2026-11-30T08:00:00.000Z",
      updatedAt: "2026-11-21T14:02:00.000Z",
      updatedBy: { id: "u2", displayName: "Li Wei" },
    },
  ],
  nextCursor: "next-page",
};

describe("content.newsroom (the story list)", () => {
  it("lists stories with their status and filters, privately and without indexing", async () => {
    const api = createFakeApi({ stories, taxonomy: aTaxonomy() });
    const page = expectPage(await renderWith(api, deskRequest("?status=scheduled&q=bridge")));

    expect(pathsAsked(api)).toEqual([
      "/api/newsroom/stories?status=scheduled&q=bridge",
      "/api/newsroom/taxonomy",
    ]);
    expect(api.calls[0]?.headers.authorization).toBe("Bearer staff-access-token");
    expect(page.status).toBe(200);
    expect(page.cache).toEqual({ scope: "private", maxAge: 0 });
    expect(page.head.robots).toBe("noindex, nofollow");
    expect(page.head.title).toBe("Stories | Newsroom | The Daily Edge");
    expect(page.html.match(/<h1/g)).toHaveLength(1);
    expect(page.html).toContain(
      '<a class="c-nr-button" href="/newsroom/stories/new">New story</a>',
    );
    expect(page.html).toContain('<a href="/newsroom/stories/42">Harbour bridge reopens</a>');
    expect(page.html).toContain("Scheduled");
    expect(page.html).toContain("goes live");
    expect(page.html).toContain(
      '<form class="c-nr-filters" role="search" action="/newsroom" method="get">',
    );
    for (const label of ["Headline contains", "Status", "Section", "Author"]) {
      expect(page.html).toContain(`">${label}</label>`);
    }
    expect(page.html).toMatch(/<option value="scheduled" selected="">Scheduled<\/option>/);
    expect(page.html).toContain('value="bridge"');
    expect(page.html).toContain(
      '<a href="/newsroom?status=scheduled&amp;q=bridge&amp;cursor=next-page" rel="next">Older stories</a>',
    );
  });

  it("ignores filters that cannot be right instead of sending them", async () => {
    const api = createFakeApi({
      stories: { stories: [], nextCursor: null },
      taxonomy: aTaxonomy(),
    });
    const page = expectPage(
      await renderWith(api, deskRequest("?status=lost&section=Not%20A%20Slug&author=li-wei")),
    );
    expect(api.calls[0]?.path).toBe("/api/newsroom/stories?author=li-wei");
    expect(page.html).toContain("No stories match these filters.");
  });

  it("sends staff without the second factor to the newsroom sign-in, and back", async () => {
    const api = createFakeApi({
      stories: apiFailure(401, "second_factor_required"),
      taxonomy: apiFailure(401, "second_factor_required"),
    });
    expect(await renderWith(api, deskRequest("?status=draft"))).toEqual({
      kind: "redirect",
      status: 302,
      location: "/newsroom/sign-in?next=%2Fnewsroom%3Fstatus%3Ddraft",
    });
  });

  it("sends a person whose session ended to the login", async () => {
    const api = createFakeApi({
      stories: apiFailure(401, "invalid_session"),
      taxonomy: aTaxonomy(),
    });
    expect(await renderWith(api, deskRequest())).toEqual({
      kind: "redirect",
      status: 302,
      location: "/login?next=%2Fnewsroom",
    });
  });

  it("answers 403 with a page that says what the role may not do", async () => {
    const api = createFakeApi({ stories: apiFailure(403, "forbidden"), taxonomy: aTaxonomy() });
    const page = expectPage(await renderWith(api, deskRequest()));
    expect(page.status).toBe(403);
    expect(page.html).toContain("You cannot do this</h1>");
    expect(page.html).toContain("Your role does not allow you to list stories.");
  });

  it("goes back to the first page when the API no longer knows the cursor", async () => {
    const api = createFakeApi({
      stories: apiFailure(400, "invalid_cursor"),
      taxonomy: aTaxonomy(),
    });
    expect(await renderWith(api, deskRequest("?section=world&cursor=old"))).toEqual({
      kind: "redirect",
      status: 302,
      location: "/newsroom?section=world",
    });
  });
});
