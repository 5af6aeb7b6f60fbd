import { createApiClient, type ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import { publicationOf, type Publication } from "shell/fragment-kit/publication";
import type { FragmentUpload, LoadOutcome } from "shell/fragment-kit/server";
import { asContentError } from "./api-results.ts";
import { loadArticle } from "./article-loader.ts";
import { loadAuthor } from "./author-loader.ts";
import { loadCategory } from "./category-loader.ts";
import { readContentEnv, type ContentEnv } from "./fragment-env.ts";
import { loadHome } from "./home-loader.ts";
import { loadAuthorsIndex, loadTagsIndex } from "./index-loaders.ts";
import { NOT_FOUND } from "./load-outcomes.ts";
import { loadSection } from "./section-loader.ts";
import { loadStaticPage } from "./static-page-loader.ts";
import { loadSearch } from "./search-loader.ts";
import { loadTag } from "./tag-loader.ts";
import { isNewsroomRoute, loadNewsroomRoute } from "../newsroom/worker/newsroom-routes.ts";

/** A route's loader: the render request, the API client of that request, the publication. */
export type RouteLoader = (
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
) => Promise<LoadOutcome>;

const loaders: Readonly<Record<string, RouteLoader>> = {
  "content.home": loadHome,
  "content.section": loadSection,
  "content.category": loadCategory,
  "content.article": loadArticle,
  "content.author": loadAuthor,
  "content.tag": loadTag,
  "content.authors": loadAuthorsIndex,
  "content.tags": loadTagsIndex,
  "content.page": loadStaticPage,
  "content.search": loadSearch,
};

/**
 * The fragment's `load`: picks the route's loader; a route it does not own is not found. A
 * failure leaves with its catalogue code (fragment-errors.ts), which the kit logs.
 */
export async function loadContentRoute(
  request: FragmentRequest,
  env: ContentEnv,
  upload?: FragmentUpload,
): Promise<LoadOutcome> {
  // The story desk (issue 13): its own routes, called with the person's access token; the
  // media library's upload form (issue 16) comes with its multipart body.
  if (isNewsroomRoute(request.routeId)) {
    const checked = readContentEnv(env);
    try {
      return await loadNewsroomRoute(request, checked.API, publicationOf(checked), upload);
    } catch (error) {
      throw asContentError(error);
    }
  }
  const loader = Object.hasOwn(loaders, request.routeId) ? loaders[request.routeId] : undefined;
  if (!loader) return NOT_FOUND;
  const checked = readContentEnv(env);
  const api = createApiClient(checked.API, request.requestId);
  try {
    return await loader(request, api, publicationOf(checked));
  } catch (error) {
    throw asContentError(error);
  }
}
