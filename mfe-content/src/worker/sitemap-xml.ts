import type {
  NewsSitemapResponse,
  SitemapArticlesResponse,
  SitemapIndexResponse,
} from "edge-api/contract/content";
import { urlFor } from "shell/contract/addresses";
import type { Site } from "./page-heads.ts";
import { XML_DECLARATION, xmlElement } from "./xml-text.ts";

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const NEWS_NS = "http://www.google.com/schemas/sitemap-news/0.9";

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

interface Listing {
  loc: string;
  updatedAt: string | null;
}

/** An index page (`/authors`, `/tags`, issue 15) when it lists anything, dated by its newest. */
function indexOf(loc: string, items: { updatedAt: string | null }[]): Listing[] {
  return items.length === 0 ? [] : [{ loc, updatedAt: newest(items.map((i) => i.updatedAt)) }];
}

/**
 * Every listing page with when it last changed, in the order the sitemap has always listed
 * them: home, sections, categories, authors (after their index), tags (after theirs), static
 * pages.
 */
function listingsOf(origin: string, index: SitemapIndexResponse): Listing[] {
  return [
    { loc: urlFor(origin, "content.home"), updatedAt: index.siteUpdatedAt },
    ...index.sections.map((s) => ({
      loc: urlFor(origin, "content.section", { section: s.slug }),
      updatedAt: s.updatedAt,
    })),
    ...index.categories.map((c) => ({
      loc: urlFor(origin, "content.category", { section: c.section, category: c.slug }),
      updatedAt: c.updatedAt,
    })),
    ...indexOf(urlFor(origin, "content.authors"), index.authors),
    ...index.authors.map((a) => ({
      loc: urlFor(origin, "content.author", { slug: a.slug }),
      updatedAt: a.updatedAt,
    })),
    ...indexOf(urlFor(origin, "content.tags"), index.tags),
    ...index.tags.map((t) => ({
      loc: urlFor(origin, "content.tag", { slug: t.slug }),
      updatedAt: t.updatedAt,
    })),
    ...index.pages.map((p) => ({
      loc: urlFor(origin, "content.page", { slug: p.slug }),
      updatedAt: p.updatedAt,
    })),
  ];
}

function articleUrl(origin: string, article: { section: string; category: string; slug: string }) {
  const { section, category, slug } = article;
  return urlFor(origin, "content.article", { section, category, slug });
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
      urlFor(origin, "content.sitemap-listings"),
      newest(listingsOf(origin, index).map((l) => l.updatedAt)),
    ),
    ...Array.from({ length: pages }, (_, i) =>
      entry("sitemap", urlFor(origin, "content.sitemap-articles", { page: i + 1 }), null),
    ),
    entry("sitemap", urlFor(origin, "content.sitemap-news"), null),
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
  return urlset(listingsOf(origin, index).map((l) => entry("url", l.loc, l.updatedAt)));
}

export function articlesSitemapXml(origin: string, data: SitemapArticlesResponse): string {
  return urlset(data.articles.map((a) => entry("url", articleUrl(origin, a), a.updatedAt)));
}

/** Google News sitemap: the last two days' articles, with publication, date and title. */
export function newsSitemapXml(site: Site, data: NewsSitemapResponse): string {
  const urls = data.articles.map((article) => {
    const published = lastmod(article.publishedAt);
    return [
      "<url>",
      xmlElement("loc", articleUrl(site.origin, article)),
      "<news:news><news:publication>",
      xmlElement("news:name", site.name),
      xmlElement("news:language", "en"),
      "</news:publication>",
      published ? xmlElement("news:publication_date", published) : "",
      xmlElement("news:title", article.headline),
      "</news:news></url>",
    ].join("");
  });
  return urlset(urls, ` xmlns:news="${NEWS_NS}"`);
}
