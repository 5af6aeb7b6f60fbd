import { createApiClient, type ApiClient, type FeedFilter } from "edge-api/client";
import {
  hrefFor,
  matchPassthroughAddress,
  passthroughAddresses,
  type AddressMatch,
  type AddressParams,
  type PassthroughAddressId,
} from "shell/contract/addresses";
import { FragmentError } from "shell/fragment-kit/errors";
import { createLogger, errorDetail } from "shell/fragment-kit/logger";
import { publicationOf } from "shell/fragment-kit/publication";
import { asContentError, dataOrMissing } from "./api-results.ts";
import { readContentEnv, type ContentEnv } from "./fragment-env.ts";
import type { Site } from "./page-heads.ts";
import { robotsTxt } from "./robots-txt.ts";
import { SlugSchema } from "./route-params.ts";
import { rssFeedXml } from "./rss-feed.ts";
import {
  articlesSitemapXml,
  listingsSitemapXml,
  newsSitemapXml,
  sitemapIndexXml,
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

/**
 * What the shell forwards here, read from its route table the way the shell forwards it: an
 * address of one segment exactly (`/robots.txt`), the others by their first segment
 * (`/feeds/...`), so a mistyped feed address is this Worker's 404.
 */
const ownAddresses = Object.values(passthroughAddresses)
  .filter((address) => address.owner === "content")
  .map((address) => address.path.split("/"));
const exactPaths = new Set(ownAddresses.filter((s) => s.length === 2).map((s) => s.join("/")));
const prefixes = new Set(ownAddresses.filter((s) => s.length > 2).map((s) => `/${s[1]}/`));

export function isPublishingPath(pathname: string): boolean {
  if (exactPaths.has(pathname)) return true;
  const second = pathname.indexOf("/", 1);
  return second !== -1 && prefixes.has(pathname.slice(0, second + 1));
}

/**
 * The address asked for, only as the table spells it: `/feeds/tags/%61.xml` names no feed,
 * as it never did, so one document has one address.
 */
function addressOf(pathname: string): AddressMatch<PassthroughAddressId> | null {
  const match = matchPassthroughAddress(pathname);
  if (!match) return null;
  // The matcher has decoded the parameters; `hrefFor` spells them again (and refuses `.`).
  const params = match.params as AddressParams<PassthroughAddressId>;
  try {
    return hrefFor(match.id, params) === pathname ? match : null;
  } catch {
    return null;
  }
}

/** The API's filter for a feed address (`undefined`: the whole site), or null if none. */
function feedFilterOf(match: AddressMatch<PassthroughAddressId>): { filter: FeedFilter } | null {
  if (match.id === "content.feed-all") return { filter: undefined };
  const slug = SlugSchema.safeParse(match.params.slug);
  if (!slug.success) return null;
  switch (match.id) {
    case "content.feed-section":
      return { filter: { section: slug.data } };
    case "content.feed-author":
      return { filter: { author: slug.data } };
    case "content.feed-tag":
      return { filter: { tag: slug.data } };
    default:
      return null;
  }
}

/** Article sitemap pages are numbered from 1, without leading zeros. */
const ARTICLES_PAGE = /^[1-9]\d{0,6}$/;

/** `site`: the publication's name and its public origin (`PUBLIC_ORIGIN`), never the Host. */
async function outcomeFor(pathname: string, site: Site, api: ApiClient): Promise<Outcome> {
  const { origin } = site;
  const match = addressOf(pathname);
  const xml = (body: string, type = XML_TYPE): Body => ({
    type,
    body,
    cacheControl: FEED_CACHE_CONTROL,
  });
  switch (match?.id) {
    case "content.robots":
      return {
        type: "text/plain; charset=utf-8",
        body: robotsTxt(origin),
        cacheControl: ROBOTS_CACHE_CONTROL,
      };
    case "content.feed-all":
    case "content.feed-section":
    case "content.feed-author":
    case "content.feed-tag": {
      const feedOf = feedFilterOf(match);
      if (!feedOf) return "not-found";
      const feed = dataOrMissing(await api.feed(feedOf.filter), "feed");
      return feed ? xml(rssFeedXml(site, feed), RSS_TYPE) : "not-found";
    }
    case "content.sitemap-index":
    case "content.sitemap-listings": {
      const index = dataOrMissing(await api.sitemapIndex(), "sitemap index");
      if (!index) return "not-found";
      return xml(
        match.id === "content.sitemap-index"
          ? sitemapIndexXml(origin, index)
          : listingsSitemapXml(origin, index),
      );
    }
    case "content.sitemap-news": {
      const news = dataOrMissing(await api.newsSitemap(), "news sitemap");
      return news ? xml(newsSitemapXml(site, news)) : "not-found";
    }
    case "content.sitemap-articles": {
      const page = match.params.page ?? "";
      if (!ARTICLES_PAGE.test(page)) return "not-found";
      const articles = dataOrMissing(await api.sitemapArticles(Number(page)), "sitemap articles");
      // The API knows where the pages end (an empty page inside the range is still a page).
      return articles ? xml(articlesSitemapXml(origin, articles)) : "not-found";
    }
    default:
      return "not-found";
  }
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
  const pathname = new URL(request.url).pathname;
  let outcome: Outcome;
  try {
    const checked = readContentEnv(env);
    const api = createApiClient(checked.API, requestId);
    outcome = await outcomeFor(pathname, publicationOf(checked), api);
  } catch (caught) {
    const error = asContentError(caught);
    createLogger("mfe-content", requestId, { fragment: "content" }).error(
      "publishing_request_failed",
      {
        path: pathname.slice(0, 200),
        ...(error instanceof FragmentError ? { code: error.code } : {}),
        detail: errorDetail(error),
      },
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
