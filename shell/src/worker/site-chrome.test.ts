import { describe, expect, it } from "vitest";
import { get, makeEnv } from "../test/page-fakes.ts";

/** The `<form role="search">` elements of a page, each with its contents. */
function searchForms(html: string): string[] {
  return [...html.matchAll(/<form[^>]*role="search"[\s\S]*?<\/form>/g)].map((match) => match[0]);
}

/** A GET form to the search page whose labelled input is named as the search page reads it. */
function expectSearchForm(form: string | undefined): void {
  expect(form).toMatch(/action="\/search"/);
  expect(form).toMatch(/method="get"/);
  const input = /<input [^>]*>/.exec(form ?? "")?.[0] ?? "";
  expect(input).toContain('type="search"');
  expect(input).toContain('name="q"');
  const id = /id="([^"]+)"/.exec(input)?.[1];
  expect(id).toBeTruthy();
  expect(form).toContain(`<label for="${id}"`);
}

describe("the site's chrome on every page", () => {
  it("has a search form in the masthead of a page, working without JavaScript", async () => {
    const { text } = await get("/world/europe/a-story", makeEnv());
    const masthead = /<header class="s-masthead">[\s\S]*?<\/header>/.exec(text)?.[0] ?? "";
    const forms = searchForms(masthead);
    expect(forms).toHaveLength(1);
    expectSearchForm(forms[0]);
  });

  it("offers search on the 404 page too, with its own id and landmark name", async () => {
    const { response, text } = await get("/a/b/c/d", makeEnv());
    expect(response.status).toBe(404);
    const forms = searchForms(text);
    expect(forms).toHaveLength(2);
    for (const form of forms) expectSearchForm(form);
    const names = forms.map((form) => /aria-label="([^"]+)"/.exec(form)?.[1]);
    expect(new Set(names).size).toBe(2);
    const ids = forms.map((form) => /<input [^>]*id="([^"]+)"/.exec(form)?.[1]);
    expect(new Set(ids).size).toBe(2);
  });

  it("links the legal pages from the footer of every page, the 404 page included", async () => {
    for (const path of ["/world/europe/a-story", "/a/b/c/d"]) {
      const { text } = await get(path, makeEnv());
      const footer = /<footer class="s-footer">[\s\S]*?<\/footer>/.exec(text)?.[0] ?? "";
      expect(footer).toContain('<a href="/pages/privacy">Privacy notice</a>');
      expect(footer).toContain('<a href="/pages/terms">Terms of use</a>');
      expect(footer).toContain('<a href="/pages/corrections">Corrections</a>');
      // No index of authors or tags exists yet (only /authors/:slug and /tags/:slug).
      expect(footer).not.toContain('href="/authors"');
      expect(footer).not.toContain('href="/tags"');
    }
  });
});
