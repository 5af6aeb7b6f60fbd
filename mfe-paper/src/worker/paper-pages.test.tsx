import { anEdition, anEditionPage, aPlacement } from "edge-api/fake/editions";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { editionsApi } from "../test/editions-api.ts";
import { fakeEnv, renderRequest } from "../test/test-bindings.ts";
import { FragmentApp } from "../ui/fragment-app.tsx";
import { loadPaperRoute, type PaperClock } from "./paper-routes.ts";

// The pages as a reader sees them on a given day: the route's answer rendered by the same
// component the Worker renders, with the clock fixed (the Worker itself reads the real one).

const at = (iso: string): PaperClock => ({ now: () => new Date(iso) });

async function pageOn(date: string, now: string) {
  const api = editionsApi([
    anEdition("2026-11-21", {
      edition: {
        date: "2026-11-21",
        pages: [
          anEditionPage("A", 1, [aPlacement({ order: 1 })]),
          anEditionPage("B", 1, [aPlacement({ order: 1 })]),
        ],
      },
    }),
    anEdition("2026-11-23"),
  ]);
  const request = renderRequest({
    routeId: "paper.edition",
    params: { date },
    path: `/todays-paper/${date}`,
  });
  const outcome = await loadPaperRoute(request, fakeEnv(api), at(now));
  if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
  const html = renderToStaticMarkup(<FragmentApp routeId="paper.edition" props={outcome.props} />);
  return { ...outcome, html };
}

describe("a date without a paper", () => {
  it("is headed with what happened on a past day, with a 404 status", async () => {
    const page = await pageOn("2026-11-22", "2026-11-23T09:00:00Z");
    expect(page.status).toBe(404);
    expect(page.html).toContain(
      '<h1 id="p-edition-title" class="p-title">No paper on Sunday 22 November 2026</h1>',
    );
    expect(page.html).not.toContain("Page not found");
    expect(page.head.title).toBe("No paper on Sunday 22 November 2026 | The Daily Edge");
  });

  it("is headed as not yet published on a later day, with a 404 status", async () => {
    const page = await pageOn("2026-11-25", "2026-11-23T09:00:00Z");
    expect(page.status).toBe(404);
    expect(page.html).toContain(
      '<h1 id="p-edition-title" class="p-title">Not yet published: the paper for Wednesday 25 November 2026</h1>',
    );
    expect(page.html).toContain("has not been published yet.");
    expect(page.head.title).toBe(
      "Not yet published: the paper for Wednesday 25 November 2026 | The Daily Edge",
    );
    expect(page.head.description).toBe(
      "The Daily Edge has not published a print edition for Wednesday 25 November 2026 yet.",
    );
  });
});

describe("the calendar", () => {
  it('labels later days "not yet published" and earlier days without a paper "no paper"', async () => {
    const { html } = await pageOn("2026-11-21", "2026-11-23T09:00:00Z");
    // Sunday 22 November is past: no paper. Tuesday 24 November is later: not out yet.
    expect(html).toContain(
      '<td class="p-day p-day-none"><span>22<span class="p-visually-hidden">, no paper</span></span></td>',
    );
    expect(html).toContain(
      '<td class="p-day p-day-future"><span>24<span class="p-visually-hidden">, not yet published</span></span></td>',
    );
    expect(html).not.toMatch(/>(2[4-9]|30)<span class="p-visually-hidden">, no paper/);
  });
});

describe("the edition's pages", () => {
  it("gives each printed page a stable id, and links its label to the page's own view", async () => {
    const { html } = await pageOn("2026-11-21", "2026-11-23T09:00:00Z");
    for (const label of ["A1", "B1"]) {
      expect(html).toContain(
        `<li id="page-${label}" class="p-page"><h4 class="p-page-label">` +
          `<a href="/todays-paper/2026-11-21/${label}">Page ${label}</a></h4>`,
      );
    }
  });
});
