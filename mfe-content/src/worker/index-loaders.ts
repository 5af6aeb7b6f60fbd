import type { ApiClient, ApiResult } from "edge-api/client";
import type { AuthorsIndexResponse, TagsIndexResponse } from "edge-api/contract/content";
import type { FragmentRequest } from "shell/contract";
import { hrefFor } from "shell/contract/addresses";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { AuthorsIndexView, TagsIndexView } from "../ui/content-views.ts";
import { ContentError } from "./fragment-errors.ts";
import { publicPage } from "./load-outcomes.ts";
import { buildHead, pageSite, pageTitle } from "./page-heads.ts";
import { toImageView, toPublicationView } from "./view-shapers.ts";

/**
 * The indexes of authors (`/authors`) and tags (`/tags`), issue 15. Each always exists (an
 * empty index is a page saying so), so any failure of the API is the API's.
 */
function dataOrFail<T>(result: ApiResult<T>, what: string): T {
  if (result.ok) return result.data;
  throw new ContentError(
    "api_unavailable",
    `edge-api ${what} failed: ${result.status} ${result.code}`,
  );
}

export function toAuthorsIndexView(
  publication: Publication,
  data: AuthorsIndexResponse,
): AuthorsIndexView {
  return {
    view: "authors",
    publication: toPublicationView(publication),
    authors: data.authors.map((author) => ({
      href: hrefFor("content.author", { slug: author.slug }),
      name: author.name,
      title: author.title,
      portrait: toImageView(author.portrait),
      articleCount: author.articleCount,
    })),
  };
}

export function toTagsIndexView(publication: Publication, data: TagsIndexResponse): TagsIndexView {
  return {
    view: "tags",
    publication: toPublicationView(publication),
    tags: data.tags.map((tag) => ({
      href: hrefFor("content.tag", { slug: tag.slug }),
      name: tag.name,
      articleCount: tag.articleCount,
    })),
  };
}

export async function loadAuthorsIndex(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const data = dataOrFail(await api.authors(), "authors");
  const site = pageSite(request, publication);
  const head = buildHead({
    site,
    title: pageTitle(site, "Our authors"),
    description: `The journalists who write for ${site.name}: their roles and their articles.`,
    canonicalPath: hrefFor("content.authors"),
    type: "website",
  });
  return publicPage(head, toAuthorsIndexView(publication, data));
}

export async function loadTagsIndex(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const data = dataOrFail(await api.tags(), "tags");
  const site = pageSite(request, publication);
  const head = buildHead({
    site,
    title: pageTitle(site, "All topics"),
    description: `Every topic ${site.name} writes about, the most covered first.`,
    canonicalPath: hrefFor("content.tags"),
    type: "website",
  });
  return publicPage(head, toTagsIndexView(publication, data));
}
