import { describe, expect, it } from "vitest";
import { apiFailure, createFakeApi, type FakeAnswers } from "edge-api/fake";
import { expectPage, renderWith } from "../../test/render-route.ts";
import type { TaxonomyView } from "../ui/newsroom-views.ts";
import { aTaxonomy, newsroomRequest } from "./newsroom-fixtures.ts";

function api(answers: FakeAnswers = {}) {
  return createFakeApi({ taxonomy: aTaxonomy(), ...answers });
}

function page(route: "sections" | "authors" | "tags", form?: Record<string, string>) {
  return newsroomRequest(
    `content.newsroom-${route}`,
    {},
    { path: `/newsroom/${route}`, ...(form ? { form } : {}) },
  );
}

describe("content.newsroom-sections", () => {
  it("lists sections in order with their categories, edit forms and up/down buttons", async () => {
    const answer = expectPage(await renderWith(api(), page("sections")));
    const view = answer.props as TaxonomyView;
    expect(view.sections.map((s) => [s.upOrder, s.downOrder])).toEqual([
      [null, "s2,s1"],
      ["s2,s1", null],
    ]);
    expect(answer.html).toContain("Sections and categories</h1>");
    expect(answer.html).toContain("Move World down</button>");
    expect(answer.html).toContain("Move Business up</button>");
    expect(answer.html).toContain('<label for="c-nr-s1-name">Name</label>');
    expect(answer.html).toContain('<label for="c-nr-category-c1-slug">Slug</label>');
    expect(answer.html).toContain("New category in World</h4>");
  });

  it("posts the new order", async () => {
    const fake = api({ orderSections: aTaxonomy() });
    const answer = await renderWith(fake, page("sections", { intent: "order", ids: "s2,s1" }));
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/sections?done=order",
    });
    expect(fake.calls.find((c) => c.endpoint === "orderSections")?.body).toEqual({
      ids: ["s2", "s1"],
    });
  });

  it("says so when the sections changed meanwhile (409 conflict)", async () => {
    const fake = api({ orderSections: apiFailure(409, "conflict") });
    const answer = expectPage(
      await renderWith(fake, page("sections", { intent: "order", ids: "s2,s1" })),
    );
    expect(answer.status).toBe(409);
    expect(answer.html).toContain("Someone changed the sections meanwhile");
  });

  it("shows a reserved slug on the form that sent it, with what was typed", async () => {
    const fake = api({ createSection: apiFailure(409, "reserved_slug") });
    const answer = expectPage(
      await renderWith(
        fake,
        page("sections", {
          intent: "create-section",
          name: "Search",
          slug: "search",
          description: "",
        }),
      ),
    );
    expect(answer.status).toBe(409);
    const view = answer.props as TaxonomyView;
    expect(view.failedForm).toBe("new");
    expect(answer.html).toContain("This address is reserved for the site itself.");
    expect(answer.html).toContain('value="Search"');
    expect(answer.html).toContain('aria-invalid="true"');
  });

  it("creates a category in a section, its slug made from the name", async () => {
    const fake = api({
      createCategory: { category: { id: "c9", slug: "north-america", name: "North America" } },
    });
    const answer = await renderWith(
      fake,
      page("sections", {
        intent: "create-category",
        sectionId: "s1",
        name: "North America",
        slug: "",
      }),
    );
    expect(answer).toMatchObject({
      kind: "redirect",
      location: "/newsroom/sections?done=create-category",
    });
    const call = fake.calls.find((c) => c.endpoint === "createCategory");
    expect(call?.path).toBe("/api/newsroom/sections/s1/categories");
    expect(call?.body).toEqual({ slug: "north-america", name: "North America" });
  });

  it("refuses a bad slug before asking the API", async () => {
    const fake = api();
    const answer = expectPage(
      await renderWith(
        fake,
        page("sections", {
          intent: "update-section",
          id: "s1",
          name: "World",
          slug: "Not OK!",
          description: "",
        }),
      ),
    );
    expect(answer.status).toBe(422);
    expect((answer.props as TaxonomyView).failedForm).toBe("s1");
    expect(answer.html).toContain("Use lower-case letters, digits and single hyphens");
    expect(fake.calls.some((c) => c.endpoint === "updateSection")).toBe(false);
  });
});

describe("the site's map for a contributor", () => {
  it("is shown without forms", async () => {
    const request = newsroomRequest(
      "content.newsroom-sections",
      {},
      { path: "/newsroom/sections", role: "contributor" },
    );
    const answer = expectPage(await renderWith(api(), request));
    expect(answer.html).toContain("Only editors and admins change these.");
    expect(answer.html).toContain("<li>Europe (europe)</li>");
    expect(answer.html).not.toContain("<form");
  });
});

describe("content.newsroom-authors and content.newsroom-tags", () => {
  it("lists authors with their forms and creates one", async () => {
    const list = expectPage(await renderWith(api(), page("authors")));
    expect(list.html).toContain("Authors</h1>");
    expect(list.html).toContain('<label for="c-nr-a1-jobTitle">Job title</label>');
    expect(list.html).toContain("Biography</label>");

    const fake = api({
      createAuthor: {
        author: { id: "a3", slug: "sam-hill", name: "Sam Hill", jobTitle: "", bio: "" },
      },
    });
    const answer = await renderWith(
      fake,
      page("authors", {
        intent: "create-author",
        name: "Sam Hill",
        slug: "",
        jobTitle: "",
        description: "",
      }),
    );
    expect(answer).toMatchObject({
      kind: "redirect",
      location: "/newsroom/authors?done=create-author",
    });
  });

  it("shows a taken tag slug next to the field, and 403 for a contributor", async () => {
    const taken = api({ updateTag: apiFailure(409, "slug_taken") });
    const answer = expectPage(
      await renderWith(
        taken,
        page("tags", {
          intent: "update-tag",
          id: "t1",
          name: "Transport",
          slug: "climate",
          description: "",
        }),
      ),
    );
    expect(answer.status).toBe(409);
    expect(answer.html).toContain("Another item already uses this slug.");

    const forbidden = api({ createTag: apiFailure(403, "forbidden") });
    const refused = expectPage(
      await renderWith(
        forbidden,
        page("tags", { intent: "create-tag", name: "Ports", slug: "", description: "" }),
      ),
    );
    expect(refused.status).toBe(403);
  });
});
