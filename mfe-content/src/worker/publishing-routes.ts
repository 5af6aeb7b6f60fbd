import { createApiClient, type ApiClient, type ApiResult, type FeedFilter } from "edge-api/client";
import { readContentEnv, type ContentEnv } from "./content-env.ts";
import { robotsTxt } from "./robots-txt.ts";
import { SlugSchema } from "./route-params.ts";
import { rssFeedXml } from "./rss-feed.ts";
import {
  articlesSitemapXml,
  listingsSitemapXml,
  newsSitemapXml,
  sitemapIndexXml,
  sitemapPaths,
} from "./sitemap-xml.ts";

/**
 * Feeds, sitemaps and robots.txt: addresses the shell forwards to this Worker unchanged
 * (not through the fragment contract). Each answers a complete HTTP response.
 */

export const FEED_CACHE_CONTROL =
  "public, max-age=300, stale-while-revalidate=600, stale-if-error=86400";
const ROBOTS_CACHE_CONTROL =
  "public, max-age=3600, stale-while-revalidate=600, stale-if-error=86400";
const RSS_TYPE = "application/rss+xml; charset=utf-8";
const XML_TYPE = "application/xml; charset=utf-8";

type Body = { type: string; body: string; cacheControl: string };
type Outcome = Body | "not-found";

export function isPublishingPath(pathname: string): boolean {
  return (
    pathname === "/robots.txt" ||
    pathname === sitemapPaths.index ||
    pathname.startsWith("/sitemaps/") ||
    pathname.startsWith("/feeds/")
  );
}

class ApiUnavailable extends Error {
  override readonly name = "ApiUnavailable";
}

/** The data, `null` for the API's 404/400 (no such feed or page), or throws for a failure. */
function dataOf<T>(result: ApiResult<T>, what: string): T | null {
  if (result.ok) return result.data;
  if (result.status === 404 || result.status === 400) return null;
  throw new ApiUnavailable(`edge-api ${what} failed: ${result.status} ${result.code}`);
}

const FEED_PATH = /^\/feeds\/(sections|authors|tags)\/([^/]+)\.xml$/;

/** The API's filter for a feed address (`undefined`: the whole site), or null if none. */
function feedFilterOf(pathname: string): { filter: FeedFilter } | null {
  if (pathname === "/feeds/all.xml") return { filter: undefined };
  const match = FEED_PATH.exec(pathname);
  const kind = match?.[1];
  const slug = SlugSchema.safeParse(match?.[2]);
  if (!slug.success) return null;
  switch (kind) {
    case "sections":
      return { filter: { section: slug.data } };
    case "authors":
      return { filter: { author: slug.data } };
    case "tags":
      return { filter: { tag: slug.data } };
    default:
      return null;
  }
}

const ARTICLES_PAGE = /^\/sitemaps\/articles-([1-9]\d{0,6})\.xml$/;

async function outcomeFor(pathname: string, origin: string, api: ApiClient): Promise<Outcome> {
  if (pathname === "/robots.txt") {
    return {
      type: "text/plain; charset=utf-8",
      body: robotsTxt(origin),
      cacheControl: ROBOTS_CACHE_CONTROL,
    };
  }
  const xml = (body: string, type = XML_TYPE): Body => ({
    type,
    body,
    cacheControl: FEED_CACHE_CONTROL,
  });
  if (pathname.startsWith("/feeds/")) {
    const feedOf = feedFilterOf(pathname);
    if (!feedOf) return "not-found";
    const feed = dataOf(await api.feed(feedOf.filter), "feed");
    return feed ? xml(rssFeedXml(origin, pathname, feed), RSS_TYPE) : "not-found";
  }
  if (pathname === sitemapPaths.index || pathname === sitemapPaths.listings) {
    const index = dataOf(await api.sitemapIndex(), "sitemap index");
    if (!index) return "not-found";
    return xml(
      pathname === sitemapPaths.index
        ? sitemapIndexXml(origin, index)
        : listingsSitemapXml(origin, index),
    );
  }
  if (pathname === sitemapPaths.news) {
    const news = dataOf(await api.newsSitemap(), "news sitemap");
    return news ? xml(newsSitemapXml(origin, news)) : "not-found";
  }
  const page = ARTICLES_PAGE.exec(pathname)?.[1];
  if (page === undefined) return "not-found";
  const articles = dataOf(await api.sitemapArticles(Number(page)), "sitemap articles");
  // The API knows where the pages end (an empty page inside the range is still a page).
  return articles ? xml(articlesSitemapXml(origin, articles)) : "not-found";
}

function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    },
  });
}

function requestIdOf(request: Request): string | undefined {
  const id = request.headers.get("x-request-id");
  return id !== null && /^[\w.-]{1,100}$/.test(id) ? id : undefined;
}

/** Answers a feed, sitemap or robots.txt request; errors are never cached. */
export async function handlePublishingRequest(
  request: Request,
  env: ContentEnv,
): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return text(405, "This address only answers GET and HEAD.", { allow: "GET, HEAD" });
  }
  const requestId = requestIdOf(request);
  let outcome: Outcome;
  try {
    const checked = readContentEnv(env);
    const api = createApiClient(checked.API, requestId);
    outcome = await outcomeFor(new URL(request.url).pathname, checked.PUBLIC_ORIGIN, api);
  } catch (error) {
    console.error(
      JSON.stringify({
        event: "publishing_request_failed",
        fragment: "content",
        requestId,
        path: new URL(request.url).pathname.slice(0, 200),
        detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
    );
    return text(503, "This feed is unavailable for a moment. Please try again shortly.", {
      "retry-after": "30",
    });
  }
  if (outcome === "not-found") return text(404, "Not found");
  return new Response(request.method === "HEAD" ? null : outcome.body, {
    status: 200,
    headers: { "content-type": outcome.type, "cache-control": outcome.cacheControl },
  });
}
