import { hrefFor } from "../../shell/src/contract/site-addresses.ts";
import { loadDemoContent } from "../support/demo-content.ts";
import { expect, test } from "../support/fixtures.ts";
import { checkHtml } from "../support/html-checker.ts";

/**
 * Every reader page type, as the server sends it, passes the Nu Html Checker with no error
 * (issue 16: "sizes without srcset" was flagged on every page).
 */
test("every page type is valid HTML by the Nu Html Checker", async ({ request }) => {
  test.setTimeout(120_000);
  const demo = await loadDemoContent(request);
  const addresses: Record<string, string> = {
    home: hrefFor("content.home"),
    section: hrefFor("content.section", { section: demo.section.slug }),
    category: hrefFor("content.category", {
      section: demo.section.slug,
      category: demo.category.slug,
    }),
    article: demo.article.path,
    authors: hrefFor("content.authors"),
    author: hrefFor("content.author", { slug: demo.author.slug }),
    tags: hrefFor("content.tags"),
    tag: hrefFor("content.tag", { slug: demo.tag.slug }),
    page: hrefFor("content.page", { slug: demo.pageSlug }),
    search: hrefFor("content.search", {}, { q: demo.article.headline.split(" ")[0] }),
    "today's paper": hrefFor("paper.today"),
    edition: hrefFor("paper.edition", { date: demo.editionDate }),
    "printed page": hrefFor("paper.page", { date: demo.editionDate, page: "A1" }),
    login: hrefFor("account.login"),
    "sign-up": hrefFor("account.sign-up"),
    "forgot-password": hrefFor("account.forgot-password"),
    "not found": "/no/such/page/here",
  };
  const pages = new Map<string, string>();
  for (const [name, address] of Object.entries(addresses)) {
    const response = await request.get(address);
    expect([200, 404], `${name} (${address})`).toContain(response.status());
    pages.set(`${name} ${address}`, await response.text());
  }
  const problems = await checkHtml(pages);
  const summary = problems.map(
    (problem) =>
      `${problem.page}:${problem.line ?? "?"} ${problem.message} [${problem.extract ?? ""}]`,
  );
  expect(summary).toEqual([]);
});
