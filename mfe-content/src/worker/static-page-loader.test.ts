import { describe, expect, it } from "vitest";
import { aPageResponse } from "edge-api/fake/content";
import { createFakeApi } from "edge-api/fake";
import { expectPage, renderRequest, renderWith } from "../test/render-route.ts";

describe("content.page", () => {
  it("renders a static page", async () => {
    const api = createFakeApi({ page: aPageResponse() });
    const page = expectPage(
      await renderWith(api, renderRequest("content.page", { slug: "about-us" })),
    );
    expect(page.head.title).toBe("About us | The Daily Edge");
    expect(page.head.description).toBe("The Daily Edge is an independent newsroom.");
    expect(page.head.canonicalPath).toBe("/pages/about-us");
    expect(page.html).toContain('<h1 class="c-article__headline">About us</h1>');
    expect(page.html).toContain("<p>The Daily Edge is an independent newsroom.</p>");
    expect(page.html).toContain('<time dateTime="2026-01-15T12:00:00.000Z">15 January 2026</time>');
  });

  it("answers not-found for an unknown page", async () => {
    expect(
      await renderWith(createFakeApi({}), renderRequest("content.page", { slug: "missing" })),
    ).toEqual({ kind: "not-found" });
  });
});
