import { renderFragmentHtml } from "shell/fragment-kit/server";
import { describe, expect, it } from "vitest";
import type { StaticPageView } from "./content-views.ts";
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
