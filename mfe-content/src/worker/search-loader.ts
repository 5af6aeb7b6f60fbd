import type { ApiClient } from "edge-api/client";
import type { SearchResponse } from "edge-api/contract/content";
import { hrefFor } from "shell/contract/addresses";
import type { FragmentRequest } from "shell/contract";
import { formatCalendarDate, isCalendarDate } from "shell/fragment-kit/dates";
import { sameOriginPathOrNull } from "shell/fragment-kit/paths";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { LinkView, SearchFiltersView, SearchView } from "../ui/content-views.ts";
import { ContentError } from "./fragment-errors.ts";
import { NOT_FOUND, publicPage } from "./load-outcomes.ts";
import { buildHead, clampText, pageSite, pageTitle, type Site } from "./page-heads.ts";
import { CursorSchema, SlugSchema } from "./route-params.ts";
import { toPlainCard, toPublicationView } from "./view-shapers.ts";

/** Longer queries are not sent to the API: no reader types them, and nothing would match. */
export const MAX_QUERY_LENGTH = 200;
const TITLE_QUERY_LENGTH = 60;
const MAX_SNIPPET_PARTS = 40;
/** A filter value is never longer than a slug may be (`SlugSchema`); the rest is cut. */
const MAX_FILTER_LENGTH = 120;

/** What the page says when a "More results" address no longer names a page. */
export const BAD_CURSOR_PROBLEM =
  "That page of results is no longer available. Search again to start from the first page.";

export interface SearchQuery {
  /** What the reader typed, cleaned ("" when nothing searchable). */
  q: string;
  tooLong: boolean;
  cursor: string | undefined;
  filters: SearchFiltersView;
  /** What is wrong with the filters or the cursor, if anything (a 400 page). */
  problem: string | null;
}

const NO_FILTERS: SearchFiltersView = { section: "", from: "", to: "", sort: "relevance" };

/**
 * Reads `?section=`, `?from=`, `?to=` and `?sort=` as the search form sends them (empty means
 * unset). Each bad value gets its own message; the reader's values are kept for the form.
 */
function readFilters(params: URLSearchParams): {
  filters: SearchFiltersView;
  problem: string | null;
} {
  const raw = (key: string) => (params.get(key) ?? "").trim().slice(0, MAX_FILTER_LENGTH);
  const problems: string[] = [];
  const section = raw("section");
  if (section !== "" && !SlugSchema.safeParse(section).success) {
    problems.push("Choose a section from the list.");
  }
  const dateOf = (key: "from" | "to", label: string) => {
    const value = raw(key);
    if (value !== "" && !isCalendarDate(value)) {
      problems.push(`“${label}” must be a date, such as 2026-11-20.`);
    }
    return value;
  };
  const from = dateOf("from", "From");
  const to = dateOf("to", "To");
  if (problems.length === 0 && from !== "" && to !== "" && from > to) {
    problems.push(`“From” (${from}) is after “To” (${to}): the first date must come first.`);
  }
  const sortValue = raw("sort");
  if (sortValue !== "" && sortValue !== "relevance" && sortValue !== "newest") {
    problems.push("Sort by relevance or by newest.");
  }
  const sort = sortValue === "newest" ? "newest" : "relevance";
  return {
    filters: { section, from, to, sort },
    problem: problems.length === 0 ? null : problems.join(" "),
  };
}

/**
 * Reads `?q=`, `?cursor=` and the filters. Control characters become spaces and runs of
 * whitespace one space, so what the page echoes is what was searched for.
 */
export function readSearchQuery(search: string): SearchQuery {
  const params = new URLSearchParams(search);
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const q = (params.get("q") ?? "").replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");
  const clean = q.replace(/\s+/g, " ").trim();
  const { filters, problem } = readFilters(params);
  // Echoed shortened: the page says plainly that the search was too long.
  if (clean.length > MAX_QUERY_LENGTH) {
    const shown = clampText(clean, TITLE_QUERY_LENGTH);
    return { q: shown, tooLong: true, cursor: undefined, filters, problem };
  }
  // A cursor pages a search; without anything to search for there is nothing to page.
  const rawCursor = clean === "" ? null : params.get("cursor");
  const cursor = rawCursor === null ? undefined : CursorSchema.safeParse(rawCursor);
  if (cursor && !cursor.success) {
    return { q: clean, tooLong: false, cursor: undefined, filters, problem: BAD_CURSOR_PROBLEM };
  }
  return { q: clean, tooLong: false, cursor: cursor?.data, filters, problem };
}

/** The filters as query parameters: only those set, `sort` only when not the default. */
function filterParams(filters: SearchFiltersView) {
  return {
    section: filters.section || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    sort: filters.sort === "newest" ? filters.sort : undefined,
  };
}

export function searchPath(
  q: string,
  filters: SearchFiltersView = NO_FILTERS,
  cursor?: string,
): string {
  return hrefFor("content.search", {}, { q, ...filterParams(filters), cursor });
}

/**
 * The filters a search ran with, in words for its heading: "in World, from 1 November 2026 to
 * 20 November 2026, newest first"; "" without any.
 */
export function filterSummary(
  filters: SearchFiltersView,
  sections: readonly { slug: string; name: string }[],
): string {
  const { section, from, to, sort } = filters;
  const parts: string[] = [];
  if (section !== "") {
    parts.push(`in ${sections.find((option) => option.slug === section)?.name ?? section}`);
  }
  if (from !== "" && to !== "") {
    parts.push(`from ${formatCalendarDate(from)} to ${formatCalendarDate(to)}`);
  } else if (from !== "") parts.push(`since ${formatCalendarDate(from)}`);
  else if (to !== "") parts.push(`until ${formatCalendarDate(to)}`);
  if (sort === "newest") parts.push("newest first");
  return parts.join(", ");
}

function searchHeading(
  state: SearchView["state"],
  query: Pick<SearchQuery, "q" | "filters">,
  sections: readonly { slug: string; name: string }[],
): string {
  if (state === "empty") return "Search";
  if (state === "problem") return "Search: check what you asked for";
  const summary = filterSummary(query.filters, sections);
  return `Search results for “${query.q}”${summary ? ` ${summary}` : ""}`;
}

export function toSearchView(
  publication: Publication,
  query: Pick<SearchQuery, "q" | "tooLong" | "filters" | "problem">,
  data: SearchResponse | null,
  sections: { slug: string; name: string }[],
): SearchView {
  const results = (data?.results ?? []).map((result) => ({
    story: toPlainCard(result.article),
    snippet: result.snippet
      .slice(0, MAX_SNIPPET_PARTS)
      .map((part) => ({ text: part.text, match: part.match === true })),
  }));
  const moreHref =
    data?.nextCursor && results.length > 0
      ? searchPath(query.q, query.filters, data.nextCursor)
      : null;
  const state =
    query.problem !== null
      ? "problem"
      : query.q === ""
        ? "empty"
        : results.length > 0
          ? "results"
          : "no-results";
  return {
    view: "search",
    publication: toPublicationView(publication),
    action: hrefFor("content.search"),
    query: query.q,
    heading: searchHeading(state, query, sections),
    state,
    tooLong: query.tooLong,
    problem: query.problem,
    filters: query.filters,
    sectionOptions: sections,
    results,
    moreHref,
    // Sections are suggestions for where to look instead; a results page does not need them.
    sections:
      results.length > 0
        ? []
        : sections.map((s): LinkView => ({
            href: hrefFor("content.section", { section: s.slug }),
            label: s.name,
          })),
  };
}

/** For the form and suggestions only: a failure to list sections must not take the page down. */
async function allSections(api: ApiClient): Promise<{ slug: string; name: string }[]> {
  try {
    const result = await api.sections();
    if (!result.ok) return [];
    return result.data.sections.map((s) => ({ slug: s.slug, name: s.name }));
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

type SearchOutcome =
  { kind: "data"; data: SearchResponse | null } | { kind: "problem"; problem: string };

/**
 * Asks the API, when there is something to search for. Its 400s and 404s are the reader's
 * (a cursor or a filter it refuses, a section it does not know) and become a 400 page that
 * says what is wrong; a query it cannot parse simply matches nothing; anything else is the
 * API's failure.
 */
async function runSearch(api: ApiClient, query: SearchQuery): Promise<SearchOutcome> {
  if (query.q === "" || query.tooLong || query.problem !== null)
    return { kind: "data", data: null };
  const { filters } = query;
  const result = await api.search({ q: query.q, cursor: query.cursor, ...filterParams(filters) });
  if (result.ok) return { kind: "data", data: result.data };
  if (result.status === 404 && filters.section !== "") {
    return {
      kind: "problem",
      problem: `There is no section called “${filters.section}”. Choose one from the list.`,
    };
  }
  if (result.status === 400 && query.cursor !== undefined) {
    return { kind: "problem", problem: BAD_CURSOR_PROBLEM };
  }
  const filtered = Object.values(filterParams(filters)).some((value) => value !== undefined);
  if (result.status === 400 && filtered) {
    return {
      kind: "problem",
      problem: "Those filters cannot be searched. Check the section and the dates.",
    };
  }
  if (result.status === 400) return { kind: "data", data: null };
  throw new ContentError(
    "api_unavailable",
    `edge-api search failed: ${result.status} ${result.code}`,
  );
}

export async function loadSearch(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const query = readSearchQuery(request.search);
  const [outcome, sections] = await Promise.all([runSearch(api, query), allSections(api)]);
  const data = outcome.kind === "data" ? outcome.data : null;
  const problem = outcome.kind === "problem" ? outcome.problem : query.problem;
  // A "More results" page that has none is past the end, like an old listing cursor.
  if (problem === null && query.cursor !== undefined && !data?.results.length) return NOT_FOUND;
  const searched = query.q !== "" && !query.tooLong;
  const head = searchHead(
    pageSite(request, publication),
    query.q,
    searched ? searchPath(query.q, query.filters, query.cursor) : hrefFor("content.search"),
    query.cursor !== undefined,
  );
  const view = toSearchView(publication, { ...query, problem }, data, sections);
  // Too long to be a search (issue 14), or filters that cannot be searched (issue 15): the
  // page says so, with the status a bad request has.
  return publicPage(head, view, query.tooLong || problem !== null ? 400 : undefined);
}
