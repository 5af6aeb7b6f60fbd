import type { ApiClient } from "edge-api/client";
import type { SearchResponse } from "edge-api/contract/content";
import { hrefFor } from "shell/contract/addresses";
import type { FragmentRequest } from "shell/contract";
import { sameOriginPathOrNull } from "shell/fragment-kit/paths";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { LinkView, SearchView } from "../ui/content-views.ts";
import { ContentError } from "./fragment-errors.ts";
import { NOT_FOUND, publicPage } from "./load-outcomes.ts";
import { buildHead, clampText, pageSite, pageTitle, type Site } from "./page-heads.ts";
import { CursorSchema } from "./route-params.ts";
import { toPlainCard, toPublicationView } from "./view-shapers.ts";

/** Longer queries are not sent to the API: no reader types them, and nothing would match. */
export const MAX_QUERY_LENGTH = 200;
const TITLE_QUERY_LENGTH = 60;
const MAX_SNIPPET_PARTS = 40;

export type SearchQuery =
  | { kind: "empty" }
  | { kind: "too-long"; q: string }
  | { kind: "query"; q: string; cursor: string | undefined }
  | { kind: "bad-cursor" };

/**
 * Reads `?q=` and `?cursor=`. Control characters become spaces and runs of whitespace one
 * space, so what the page echoes is what was searched for.
 */
export function readSearchQuery(search: string): SearchQuery {
  const params = new URLSearchParams(search);
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const q = (params.get("q") ?? "").replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");
  const clean = q.replace(/\s+/g, " ").trim();
  if (clean === "") return { kind: "empty" };
  // Echoed shortened: the page says plainly that the search was too long.
  if (clean.length > MAX_QUERY_LENGTH) {
    return { kind: "too-long", q: clampText(clean, TITLE_QUERY_LENGTH) };
  }
  const rawCursor = params.get("cursor");
  if (rawCursor === null) return { kind: "query", q: clean, cursor: undefined };
  const cursor = CursorSchema.safeParse(rawCursor);
  return cursor.success ? { kind: "query", q: clean, cursor: cursor.data } : { kind: "bad-cursor" };
}

export function searchPath(q: string, cursor?: string): string {
  return hrefFor("content.search", {}, { q, cursor });
}

export function toSearchView(
  publication: Publication,
  query: string,
  data: SearchResponse | null,
  sections: LinkView[],
  tooLong = false,
): SearchView {
  const results = (data?.results ?? []).map((result) => ({
    story: toPlainCard(result.article),
    snippet: result.snippet
      .slice(0, MAX_SNIPPET_PARTS)
      .map((part) => ({ text: part.text, match: part.match === true })),
  }));
  const moreHref =
    data?.nextCursor && results.length > 0 ? searchPath(query, data.nextCursor) : null;
  return {
    view: "search",
    publication: toPublicationView(publication),
    query,
    state: query === "" ? "empty" : results.length > 0 ? "results" : "no-results",
    tooLong,
    results,
    moreHref,
    // Sections are suggestions for where to look instead; a results page does not need them.
    sections: results.length > 0 ? [] : sections,
  };
}

/** Suggestions only: a failure to list sections must not take the search page down. */
async function sectionLinks(api: ApiClient): Promise<LinkView[]> {
  try {
    const result = await api.sections();
    if (!result.ok) return [];
    return result.data.sections.map((s) => ({
      href: hrefFor("content.section", { section: s.slug }),
      label: s.name,
    }));
  } catch {
    return [];
  }
}

function searchHead(site: Site, query: string, canonicalPath: string, more: boolean) {
  const shown = clampText(query, TITLE_QUERY_LENGTH);
  const title =
    query === ""
      ? pageTitle(site, "Search")
      : pageTitle(site, ...(more ? ["More results"] : []), `Search results for “${shown}”`);
  const description =
    query === ""
      ? `Search every article published by ${site.name}.`
      : `Articles from ${site.name} matching “${shown}”.`;
  return buildHead({
    site,
    title,
    description,
    canonicalPath: sameOriginPathOrNull(canonicalPath) ?? hrefFor("content.search"),
    type: "website",
    // Result pages are endless and thin; search engines should follow them, not index them.
    robots: "noindex",
  });
}

export async function loadSearch(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const query = readSearchQuery(request.search);
  if (query.kind === "bad-cursor") return NOT_FOUND;
  let data: SearchResponse | null = null;
  if (query.kind === "query") {
    const result = await api.search({ q: query.q, cursor: query.cursor });
    if (result.ok) data = result.data;
    // A cursor the API rejects names a page that does not exist; a query it rejects
    // (operators it cannot parse, say) simply matches nothing.
    else if (result.status === 400 && query.cursor !== undefined) return NOT_FOUND;
    else if (result.status !== 400) {
      throw new ContentError(
        "api_unavailable",
        `edge-api search failed: ${result.status} ${result.code}`,
      );
    }
  }
  const q = query.kind === "empty" ? "" : query.q;
  const hasResults = (data?.results.length ?? 0) > 0;
  // A "More results" page that has none is past the end, like an old listing cursor.
  if (query.kind === "query" && query.cursor !== undefined && !hasResults) return NOT_FOUND;
  const sections = hasResults ? [] : await sectionLinks(api);
  const cursor = query.kind === "query" ? query.cursor : undefined;
  const head = searchHead(
    pageSite(request, publication),
    q,
    query.kind === "query" ? searchPath(q, cursor) : hrefFor("content.search"),
    !!cursor,
  );
  const tooLong = query.kind === "too-long";
  // Too long to be a search (issue 14): the page says so, with the status a bad request has.
  return publicPage(
    head,
    toSearchView(publication, q, data, sections, tooLong),
    tooLong ? 400 : undefined,
  );
}
