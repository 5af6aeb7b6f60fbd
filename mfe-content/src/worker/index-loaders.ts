import type { ApiClient, ApiResult } from "edge-api/client";
import type { AuthorsIndexResponse, TagsIndexResponse } from "edge-api/contract/content";
import type { FragmentRequest } from "shell/contract";
import { hrefFor } from "shell/contract/addresses";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { IndexView } from "../ui/content-views.ts";
import { ContentError } from "./fragment-errors.ts";
import { publicPage } from "./load-outcomes.ts";
import { buildHead, pageSite, pageTitle } from "./page-heads.ts";
import { toImageViewAt } from "./picture-views.ts";
import { toPublicationView } from "./view-shapers.ts";

/**
 * The indexes of authors (`/authors`) and tags (`/tags`), issue 15. Each always exists (an
 * empty index is a page saying so), so any failure of the API is the API's.
 */
const AUTHORS_TITLE = "Our authors";
const TAGS_TITLE = "All topics";

function dataOrFail<T>(result: ApiResult<T>, what: string): T {
  if (result.ok) return result.data;
  throw new ContentError(
    "api_unavailable",
    `edge-api ${what} failed: ${result.status} ${result.code}`,
  );
}

/** "1 article", "12 articles". */
function articleCount(count: number): string {
  return count === 1 ? "1 article" : `${count} articles`;
}

export function toAuthorsIndexView(
  publication: Publication,
  data: AuthorsIndexResponse,
): IndexView {
  return {
    view: "authors",
    publication: toPublicationView(publication),
    title: AUTHORS_TITLE,
    empty: "No authors have published an article yet.",
    items: data.authors.map((author) => ({
      href: hrefFor("content.author", { slug: author.slug }),
      name: author.name,
      role: author.title,
      portrait: toImageViewAt(author.portrait, "indexPortrait"),
      count: articleCount(author.articleCount),
    })),
  };
}

export function toTagsIndexView(publication: Publication, data: TagsIndexResponse): IndexView {
  return {
    view: "tags",
    publication: toPublicationView(publication),
    title: TAGS_TITLE,
    empty: "No topics yet.",
    items: data.tags.map((tag) => ({
      href: hrefFor("content.tag", { slug: tag.slug }),
      name: tag.name,
      role: null,
      portrait: null,
      count: articleCount(tag.articleCount),
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
    title: pageTitle(site, AUTHORS_TITLE),
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
    title: pageTitle(site, TAGS_TITLE),
    description: `Every topic ${site.name} writes about, the most covered first.`,
    canonicalPath: hrefFor("content.tags"),
    type: "website",
  });
  return publicPage(head, toTagsIndexView(publication, data));
}
