import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import { sameOriginPathOrNull } from "shell/fragment-kit/paths";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { dataOrMissing } from "./api-results.ts";
import { ContentError } from "./fragment-errors.ts";
import { NOT_FOUND, publicPage } from "./load-outcomes.ts";
import {
  absoluteUrl,
  articleBreadcrumbJsonLd,
  buildHead,
  newsArticleJsonLd,
  pageSite,
  pageTitle,
} from "./page-heads.ts";
import { ArticleParamsSchema } from "./route-params.ts";
import { articleHref, toArticleView } from "./view-shapers.ts";

export async function loadArticle(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const params = ArticleParamsSchema.safeParse(request.params);
  if (!params.success) return NOT_FOUND;
  const result = dataOrMissing(await api.article(params.data.slug), "article");
  if (!result) return NOT_FOUND;
  const { article } = result;
  // The redirect target and the canonical path must be the contract's same-origin path.
  const location = sameOriginPathOrNull(articleHref(article));
  if (!location) throw new ContentError("bad_api_data", `article ${article.slug} has no address`);
  // Articles move between categories; old or mistyped URLs go to the one canonical URL.
  if (
    article.section.slug !== params.data.section ||
    article.category.slug !== params.data.category
  ) {
    return { kind: "redirect", status: 301, location };
  }
  const view = toArticleView(publication, article, absoluteUrl(request.origin, location));
  const site = pageSite(request, publication);
  const head = buildHead({
    site,
    title: pageTitle(site, article.headline),
    description: article.standfirst,
    canonicalPath: location,
    type: "article",
    image: view.image,
    extraMeta: [
      { property: "article:published_time", content: article.publishedAt },
      { property: "article:modified_time", content: article.updatedAt },
      { property: "article:section", content: article.section.name },
    ],
    jsonLd: [newsArticleJsonLd(article, site), articleBreadcrumbJsonLd(article, request.origin)],
  });
  return publicPage(head, view);
}
