import type { ArticleDetail } from "edge-api/contract/content";
import { apiFailure, createFakeApi, type FakeApi } from "edge-api/fake";
import { anArticleDetail } from "edge-api/fake/content";

/** The route params of the article `articleApi` knows. */
export const articleParams = { section: "world", category: "europe", slug: "bridge-reopens" };

/**
 * A fake API that knows one article, `/world/europe/bridge-reopens` by two authors; `overrides`
 * change what the tests look at. Any other slug is the API's 404.
 */
export function articleApi(overrides: Partial<ArticleDetail> = {}): FakeApi {
  const article = anArticleDetail({
    slug: articleParams.slug,
    headline: "Harbour bridge reopens after three years",
    standfirst: "Commuters return to the crossing as repairs finish early.",
    authors: [
      { slug: "ada-okafor", name: "Ada Okafor" },
      { slug: "tom-reyes", name: "Tom Reyes" },
    ],
    ...overrides,
  });
  return createFakeApi({
    article: ({ params }) =>
      params.slug === article.slug ? { article } : apiFailure(404, "not_found"),
  });
}
