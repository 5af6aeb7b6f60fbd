import { describe, expect, it } from "vitest";
import { aPageResponse } from "edge-api/fake/content";
import { createFakeApi } from "edge-api/fake";
import { expectNotFound, renderPage } from "../test/render-route.ts";

describe("content.page", () => {
  it("renders a static page", async () => {
    const api = createFakeApi({ page: aPageResponse() });
    const page = await renderPage(api, "content.page", { slug: "about-us" });
    expect(page.head).toMatchObject({
      title: "About us | The Daily Edge",
      description: "The Daily Edge is an independent newsroom.",
      canonicalPath: "/pages/about-us",
    });
    expect(page.html).toContain('<h1 class="c-article__headline">About us</h1>');
    expect(page.html).toContain("<p>The Daily Edge is an independent newsroom.</p>");
    expect(page.html).toContain('<time dateTime="2026-01-15T12:00:00.000Z">15 January 2026</time>');
  });

  it("answers not-found for an unknown page", async () => {
    await expectNotFound(createFakeApi({}), "content.page", { slug: "missing" });
  });
});
