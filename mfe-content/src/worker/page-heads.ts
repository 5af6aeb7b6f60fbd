import type { FragmentHead } from "shell/contract";
import type { ArticleDetail, AuthorResponse } from "edge-api/contract/content";
import { hrefFor, urlFor } from "shell/contract/addresses";
import type { ImageView } from "../ui/content-views.ts";
import { articleHref, toImageView } from "./view-shapers.ts";

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

/** An absolute URL for a same-origin path already built with `hrefFor` (or an image's `src`). */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).href;
}

export interface HeadInput {
  origin: string;
  title: string;
  description: string;
  canonicalPath: string;
  type: "article" | "website" | "profile";
  jsonLd?: Record<string, unknown>[];
  extraMeta?: { property: string; content: string }[];
  /** The page's picture for link previews (Open Graph and Twitter), if it has one. */
  image?: ImageView | null;
  robots?: string;
  /** The RSS feed that mirrors this page, announced in the head for feed readers. */
  feed?: { href: string; title: string };
}

type MetaTag = NonNullable<FragmentHead["meta"]>[number];

function imageMeta(origin: string, image: ImageView | null | undefined): MetaTag[] {
  if (!image) return [];
  const url = absoluteUrl(origin, image.src);
  return [
    { property: "og:image", content: url },
    { property: "og:image:alt", content: clampText(image.alt, DESCRIPTION_MAX) },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { name: "twitter:image", content: url },
    { name: "twitter:image:alt", content: clampText(image.alt, DESCRIPTION_MAX) },
  ];
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
      { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
      { name: "twitter:title", content: input.title },
      { name: "twitter:description", content: description },
      ...imageMeta(input.origin, input.image),
    ],
    jsonLd: input.jsonLd ?? [],
    links: input.feed
      ? [
          {
            rel: "alternate",
            type: "application/rss+xml",
            href: input.feed.href,
            title: clampText(input.feed.title, DESCRIPTION_MAX),
          },
        ]
      : [],
    ...(input.robots === undefined ? {} : { robots: input.robots }),
  };
}

function organisation(origin: string): Record<string, unknown> {
  return { "@type": "NewsMediaOrganization", name: SITE_NAME, url: urlFor(origin, "content.home") };
}

/** The site, with the search box search engines may offer (`/search?q=`). */
export function websiteJsonLd(origin: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: SITE_NAME,
    url: urlFor(origin, "content.home"),
    publisher: organisation(origin),
    potentialAction: {
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        // A template, not a query: its braces must stay as they are.
        urlTemplate: `${urlFor(origin, "content.search")}?q={search_term_string}`,
      },
      "query-input": "required name=search_term_string",
    },
  };
}

/** The front page as a collection of the day's articles. */
export function frontPageJsonLd(origin: string, description: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: HOME_TITLE,
    description,
    url: urlFor(origin, "content.home"),
    isPartOf: { "@type": "WebSite", name: SITE_NAME, url: urlFor(origin, "content.home") },
  };
}

function breadcrumbJsonLd(origin: string, trail: { name: string; path: string }[]) {
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

export function categoryBreadcrumbJsonLd(
  origin: string,
  section: { slug: string; name: string },
  category: { slug: string; name: string },
): Record<string, unknown> {
  return breadcrumbJsonLd(origin, [
    { name: section.name, path: hrefFor("content.section", { section: section.slug }) },
    {
      name: category.name,
      path: hrefFor("content.category", { section: section.slug, category: category.slug }),
    },
  ]);
}

/** Where the article ran in the daily paper, in schema.org's words. */
function printEditionOf(print: ArticleDetail["print"]): Record<string, unknown> {
  if (!print) return {};
  return { printEdition: print.editionDate, printSection: print.book, printPage: print.page };
}

export function newsArticleJsonLd(article: ArticleDetail, origin: string): Record<string, unknown> {
  const image = toImageView(article.image);
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: clampText(article.headline, 110),
    description: clampText(article.standfirst, DESCRIPTION_MAX),
    ...(image ? { image: [absoluteUrl(origin, image.src)] } : {}),
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    articleSection: article.section.name,
    keywords: article.tags.map((tag) => tag.name),
    mainEntityOfPage: absoluteUrl(origin, articleHref(article)),
    author: article.authors.map((author) => ({
      "@type": "Person",
      name: author.name,
      url: urlFor(origin, "content.author", { slug: author.slug }),
    })),
    publisher: organisation(origin),
    ...printEditionOf(article.print),
  };
}

export function articleBreadcrumbJsonLd(
  article: ArticleDetail,
  origin: string,
): Record<string, unknown> {
  const section = { section: article.section.slug };
  return breadcrumbJsonLd(origin, [
    { name: article.section.name, path: hrefFor("content.section", section) },
    {
      name: article.category.name,
      path: hrefFor("content.category", { ...section, category: article.category.slug }),
    },
    { name: clampText(article.headline, 110), path: articleHref(article) },
  ]);
}

export function personJsonLd(
  author: AuthorResponse["author"],
  origin: string,
): Record<string, unknown> {
  const portrait = toImageView(author.portrait);
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: author.name,
    jobTitle: author.title,
    description: clampText(author.bio, DESCRIPTION_MAX),
    ...(portrait ? { image: absoluteUrl(origin, portrait.src) } : {}),
    url: urlFor(origin, "content.author", { slug: author.slug }),
    worksFor: organisation(origin),
  };
}
