import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import { hrefFor } from "shell/contract/addresses";
import { sameOriginPathOrNull } from "shell/fragment-kit/paths";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { dataOrMissing } from "./api-results.ts";
import { ContentError } from "./fragment-errors.ts";
import { NOT_FOUND, publicPage } from "./load-outcomes.ts";
import {
  absoluteUrl,
  articleBreadcrumbJsonLd,
  articleShare,
  buildHead,
  newsArticleJsonLd,
  pageSite,
  pageTitle,
} from "./page-heads.ts";
import { withLiveBlog } from "./live-blog-json-ld.ts";
import { ArticleParamsSchema } from "./route-params.ts";
import type { GoneView } from "../ui/content-views.ts";
import { articleHref, toArticleView, toPublicationView } from "./view-shapers.ts";

export async function loadArticle(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const params = ArticleParamsSchema.safeParse(request.params);
  if (!params.success) return NOT_FOUND;
  const answer = await api.article(params.data.slug);
  if (!answer.ok && answer.status === 410) return withdrawn(request, publication);
  const result = dataOrMissing(answer, "article");
  if (!result) return NOT_FOUND;
  const { article } = result;
  // The redirect target and the canonical path must be the contract's same-origin path.
  const location = sameOriginPathOrNull(articleHref(article));
  if (!location) throw new ContentError("bad_api_data", `article ${article.slug} has no address`);
  // Articles move between categories and change slugs (the API answers an old slug with the
  // article under its new one); old or mistyped URLs go to the one canonical URL.
  if (
    article.slug !== params.data.slug ||
    article.section.slug !== params.data.section ||
    article.category.slug !== params.data.category
  ) {
    return { kind: "redirect", status: 301, location };
  }
  // The shell keys its cached answer by `saved`, so the saved state may be in the page.
  const canonicalUrl = absoluteUrl(request.origin, location);
  const view = toArticleView(publication, article, canonicalUrl, request.saved === true);
  const site = pageSite(request, publication);
  const head = buildHead({
    site,
    title: pageTitle(site, article.seo.title || article.headline),
    description: article.seo.description || article.standfirst,
    canonicalPath: location,
    type: "article",
    share: articleShare(article, site),
    extraMeta: [
      { property: "article:published_time", content: article.publishedAt },
      { property: "article:modified_time", content: article.updatedAt },
      { property: "article:section", content: article.section.name },
    ],
    jsonLd: [
      withLiveBlog(newsArticleJsonLd(article, site), article, canonicalUrl),
      articleBreadcrumbJsonLd(article, request.origin),
    ],
  });
  return publicPage(head, view);
}

/** 410: the newsroom withdrew the article. Said plainly, never indexed. */
function withdrawn(request: FragmentRequest, publication: Publication): LoadOutcome {
  const site = pageSite(request, publication);
  const head = buildHead({
    site,
    title: pageTitle(site, "Article withdrawn"),
    description: "This article has been withdrawn.",
    canonicalPath: request.path,
    type: "website",
    robots: "noindex",
  });
  const view: GoneView = {
    view: "gone",
    publication: toPublicationView(publication),
    homeHref: hrefFor("content.home"),
  };
  return publicPage(head, view, 410);
}
