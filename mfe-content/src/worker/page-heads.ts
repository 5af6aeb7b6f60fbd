import type { FragmentHead } from "shell/contract";
import type { ArticleDetail, AuthorResponse } from "edge-api/types";
import { authorHref, categoryHref, sectionHref } from "./view-shapers.ts";

export const SITE_NAME = "The Daily Edge";
export const HOME_TITLE = "The Daily Edge — News, analysis and the daily paper";
export const HOME_DESCRIPTION =
  "Independent news and analysis from The Daily Edge, with every page of the daily paper.";

const TITLE_MAX = 300;
const DESCRIPTION_MAX = 300;
const TITLE_SUFFIX = ` | ${SITE_NAME}`;

/** Collapses whitespace and shortens text on a word boundary to fit the contract's limits. */
export function clampText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** "Headline | The Daily Edge"; the parts are joined most specific first. */
export function pageTitle(...parts: string[]): string {
  return clampText(parts.join(" | "), TITLE_MAX - TITLE_SUFFIX.length) + TITLE_SUFFIX;
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).href;
}

export interface HeadInput {
  origin: string;
  title: string;
  description: string;
  canonicalPath: string;
  type: "article" | "website";
  jsonLd?: Record<string, unknown>[];
  extraMeta?: { property: string; content: string }[];
}

export function buildHead(input: HeadInput): FragmentHead {
  const description = clampText(input.description, DESCRIPTION_MAX);
  return {
    title: input.title,
    description,
    canonicalPath: input.canonicalPath,
    meta: [
      { property: "og:site_name", content: SITE_NAME },
      { property: "og:type", content: input.type },
      { property: "og:title", content: input.title },
      { property: "og:description", content: description },
      { property: "og:url", content: absoluteUrl(input.origin, input.canonicalPath) },
      ...(input.extraMeta ?? []),
      { name: "twitter:card", content: "summary" },
      { name: "twitter:title", content: input.title },
      { name: "twitter:description", content: description },
    ],
    jsonLd: input.jsonLd ?? [],
  };
}

function organisation(origin: string): Record<string, unknown> {
  return { "@type": "NewsMediaOrganization", name: SITE_NAME, url: absoluteUrl(origin, "/") };
}

export function websiteJsonLd(origin: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: SITE_NAME,
    url: absoluteUrl(origin, "/"),
    publisher: organisation(origin),
  };
}

export function newsArticleJsonLd(article: ArticleDetail, origin: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: clampText(article.headline, 110),
    description: clampText(article.standfirst, DESCRIPTION_MAX),
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    articleSection: article.section.name,
    keywords: article.tags.map((tag) => tag.name),
    mainEntityOfPage: absoluteUrl(origin, article.path),
    author: article.authors.map((author) => ({
      "@type": "Person",
      name: author.name,
      url: absoluteUrl(origin, authorHref(author.slug)),
    })),
    publisher: organisation(origin),
  };
}

export function articleBreadcrumbJsonLd(
  article: ArticleDetail,
  origin: string,
): Record<string, unknown> {
  const trail = [
    { name: article.section.name, path: sectionHref(article.section.slug) },
    {
      name: article.category.name,
      path: categoryHref(article.section.slug, article.category.slug),
    },
    { name: article.headline, path: article.path },
  ];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}

export function personJsonLd(
  author: AuthorResponse["author"],
  origin: string,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: author.name,
    jobTitle: author.title,
    description: clampText(author.bio, DESCRIPTION_MAX),
    url: absoluteUrl(origin, authorHref(author.slug)),
    worksFor: organisation(origin),
  };
}
