import type {
  NewsSitemapResponse,
  SitemapArticlesResponse,
  SitemapIndexResponse,
} from "edge-api/types";
import { SITE_NAME } from "./page-heads.ts";
import { XML_DECLARATION, xmlElement } from "./xml-text.ts";

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const NEWS_NS = "http://www.google.com/schemas/sitemap-news/0.9";

export const sitemapPaths = {
  index: "/sitemap.xml",
  listings: "/sitemaps/listings.xml",
  articles: (page: number): string => `/sitemaps/articles-${page}.xml`,
  news: "/sitemaps/news.xml",
};

function absolute(origin: string, path: string): string {
  return new URL(path, origin).href;
}

/** W3C datetime as sitemaps want it, or null for a date we cannot read. */
function lastmod(iso: string | null): string | null {
  if (iso === null) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function entry(tag: "url" | "sitemap", loc: string, modified: string | null): string {
  const when = lastmod(modified);
  return `<${tag}>${xmlElement("loc", loc)}${when ? xmlElement("lastmod", when) : ""}</${tag}>`;
}

function newest(dates: (string | null)[]): string | null {
  const times = dates.map((d) => (d === null ? NaN : Date.parse(d))).filter((t) => !isNaN(t));
  return times.length === 0 ? null : new Date(Math.max(...times)).toISOString();
}

export function sitemapIndexXml(origin: string, index: SitemapIndexResponse): string {
  const pages = Math.max(0, Math.min(Math.floor(index.articlePages), 50_000));
  const children = [
    entry(
      "sitemap",
      absolute(origin, sitemapPaths.listings),
      newest(index.listings.map((l) => l.updatedAt)),
    ),
    ...Array.from({ length: pages }, (_, i) =>
      entry("sitemap", absolute(origin, sitemapPaths.articles(i + 1)), null),
    ),
    entry("sitemap", absolute(origin, sitemapPaths.news), null),
  ];
  return [
    XML_DECLARATION,
    `<sitemapindex xmlns="${SITEMAP_NS}">`,
    ...children,
    "</sitemapindex>",
    "",
  ].join("\n");
}

function urlset(urls: string[], extraNs = ""): string {
  return [
    XML_DECLARATION,
    `<urlset xmlns="${SITEMAP_NS}"${extraNs}>`,
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function listingsSitemapXml(origin: string, index: SitemapIndexResponse): string {
  return urlset(index.listings.map((l) => entry("url", absolute(origin, l.path), l.updatedAt)));
}

export function articlesSitemapXml(origin: string, data: SitemapArticlesResponse): string {
  return urlset(data.articles.map((a) => entry("url", absolute(origin, a.path), a.updatedAt)));
}

/** Google News sitemap: the last two days' articles, with publication, date and title. */
export function newsSitemapXml(origin: string, data: NewsSitemapResponse): string {
  const urls = data.articles.map((article) => {
    const published = lastmod(article.publishedAt);
    return [
      "<url>",
      xmlElement("loc", absolute(origin, article.path)),
      "<news:news><news:publication>",
      xmlElement("news:name", SITE_NAME),
      xmlElement("news:language", "en"),
      "</news:publication>",
      published ? xmlElement("news:publication_date", published) : "",
      xmlElement("news:title", article.headline),
      "</news:news></url>",
    ].join("");
  });
  return urlset(urls, ` xmlns:news="${NEWS_NS}"`);
}
