import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { ContentError, contentErrorCodes, dataOrMissing } from "./api-results.ts";
import { NOT_FOUND, PUBLIC_PAGE_CACHE, safeLocation } from "./load-outcomes.ts";
import {
  absoluteUrl,
  articleBreadcrumbJsonLd,
  buildHead,
  newsArticleJsonLd,
  pageTitle,
} from "./page-heads.ts";
import { ArticleParamsSchema } from "./route-params.ts";
import { articleHref, toArticleView } from "./view-shapers.ts";

export async function loadArticle(request: FragmentRequest, api: ApiClient): Promise<LoadOutcome> {
  const params = ArticleParamsSchema.safeParse(request.params);
  if (!params.success) return NOT_FOUND;
  const result = dataOrMissing(await api.article(params.data.slug), "article");
  if (!result) return NOT_FOUND;
  const { article } = result;
  const location = safeLocation(articleHref(article));
  if (!location) {
    throw new ContentError(
      contentErrorCodes.badApiData,
      `article ${article.slug} has no valid address`,
    );
  }
  // Articles move between categories; old or mistyped URLs go to the one canonical URL.
  if (
    article.section.slug !== params.data.section ||
    article.category.slug !== params.data.category
  ) {
    return { kind: "redirect", status: 301, location };
  }
  const view = toArticleView(article, absoluteUrl(request.origin, location));
  return {
    kind: "page",
    head: buildHead({
      origin: request.origin,
      title: pageTitle(article.headline),
      description: article.standfirst,
      canonicalPath: location,
      type: "article",
      image: view.image,
      extraMeta: [
        { property: "article:published_time", content: article.publishedAt },
        { property: "article:modified_time", content: article.updatedAt },
        { property: "article:section", content: article.section.name },
      ],
      jsonLd: [
        newsArticleJsonLd(article, request.origin),
        articleBreadcrumbJsonLd(article, request.origin),
      ],
    }),
    props: view,
    cache: PUBLIC_PAGE_CACHE,
  };
}
