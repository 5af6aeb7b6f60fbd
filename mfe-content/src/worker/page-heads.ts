import type { FragmentHead, FragmentRequest } from "shell/contract";
import {
  mediaOgPath,
  mediaVariantPath,
  OG_HEIGHT,
  OG_WIDTH,
  shareCardPath,
  type ArticleDetail,
  type AuthorResponse,
  type ImageMedia,
  type ImageRef,
  type ShareCardTarget,
} from "edge-api/contract/content";
import { hrefFor, urlFor } from "shell/contract/addresses";
import { siteImageOf } from "shell/fragment-kit/images";
import type { Publication } from "shell/fragment-kit/publication";
import { articleHref } from "./view-shapers.ts";
import type { ListingPage } from "./route-params.ts";

/**
 * Whose page it is and where: the publication's configured name, and the origin absolute URLs
 * are built on (a page's is its render request's; a feed's or sitemap's is `PUBLIC_ORIGIN`).
 */
export type Site = Pick<Publication, "name" | "origin">;

/** A page's site: the configured name, and the origin the shell asked for the page on. */
export function pageSite(request: Pick<FragmentRequest, "origin">, publication: Publication): Site {
  return { name: publication.name, origin: request.origin };
}

/** The front page's title: "<name> — News, analysis and the daily paper". */
export function homeTitle(site: Site): string {
  return `${site.name} — News, analysis and the daily paper`;
}

export function homeDescription(site: Site): string {
  return `Independent news and analysis from ${site.name}, with every page of the daily paper.`;
}

const TITLE_MAX = 300;
const DESCRIPTION_MAX = 300;

/** Collapses whitespace and shortens text on a word boundary to fit the contract's limits. */
export function clampText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** "Headline | <name>"; the parts are joined most specific first. */
export function pageTitle(site: Site, ...parts: string[]): string {
  const suffix = ` | ${site.name}`;
  return clampText(parts.join(" | "), TITLE_MAX - suffix.length) + suffix;
}

/**
 * A listing page's title: pages asked with a cursor say which way they went ("Older articles"
 * for `before`, "Newer articles" for `after`), so no two pages share a title.
 */
export function listingTitle(site: Site, page: ListingPage, ...parts: string[]): string {
  const direction =
    page.before !== undefined
      ? ["Older articles"]
      : page.after !== undefined
        ? ["Newer articles"]
        : [];
  return pageTitle(site, ...direction, ...parts);
}

/** An absolute URL for a same-origin path already built with `hrefFor` (or an image's `src`). */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).href;
}

export interface HeadInput {
  site: Site;
  title: string;
  description: string;
  canonicalPath: string;
  type: "article" | "website" | "profile";
  jsonLd?: Record<string, unknown>[];
  extraMeta?: { property: string; content: string }[];
  /** The page's picture for link previews (Open Graph and Twitter), if it has one. */
  share?: ShareImage | null;
  robots?: string;
  /** The RSS feed that mirrors this page, announced in the head for feed readers. */
  feed?: { href: string; title: string };
}

type MetaTag = NonNullable<FragmentHead["meta"]>[number];

/**
 * A page's picture for link previews (issue 16): always a 1200x630 JPEG, a photograph's share
 * crop (cut at its focal point by the API) or a generated card, never an SVG (which link
 * previews do not show). `path` is same-origin; `alt` describes it.
 */
export interface ShareImage {
  path: string;
  alt: string;
}

/** The photograph behind an image the kit accepts (same-origin, sane size); null otherwise. */
function photographOf(image: ImageRef | null | undefined): ImageMedia | null {
  return siteImageOf(image) && image?.media ? image.media : null;
}

/** A photograph's share crop, or null for an illustration or no image. */
export function photographShare(image: ImageRef | null | undefined): ShareImage | null {
  const media = photographOf(image);
  return media && image ? { path: mediaOgPath(media), alt: image.alt } : null;
}

/**
 * A page's share image: its lead photograph's, or else the generated card for `card` (the
 * headline's or the section's card says its title; the home page's the publication's name).
 */
export function shareImageOf(
  site: Site,
  lead: ImageRef | null | undefined,
  card: ShareCardTarget,
): ShareImage {
  return (
    photographShare(lead) ?? {
      path: shareCardPath(card),
      alt: card.kind === "home" ? site.name : card.title,
    }
  );
}

function shareMeta(origin: string, share: ShareImage | null | undefined): MetaTag[] {
  if (!share) return [];
  const url = absoluteUrl(origin, share.path);
  const alt = clampText(share.alt, DESCRIPTION_MAX);
  return [
    { property: "og:image", content: url },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: String(OG_WIDTH) },
    { property: "og:image:height", content: String(OG_HEIGHT) },
    { property: "og:image:alt", content: alt },
    { name: "twitter:image", content: url },
    { name: "twitter:image:alt", content: alt },
  ];
}

/** A photograph's largest JPEG of the use it is shown in (its own aspect, for JSON-LD). */
function largestJpegPath(media: ImageMedia): string {
  return mediaVariantPath(media, media.use, Math.max(...media.widths), "jpg");
}

export function buildHead(input: HeadInput): FragmentHead {
  const description = clampText(input.description, DESCRIPTION_MAX);
  return {
    title: input.title,
    description,
    canonicalPath: input.canonicalPath,
    meta: [
      { property: "og:site_name", content: input.site.name },
      { property: "og:type", content: input.type },
      { property: "og:title", content: input.title },
      { property: "og:description", content: description },
      { property: "og:url", content: absoluteUrl(input.site.origin, input.canonicalPath) },
      ...(input.extraMeta ?? []),
      { name: "twitter:card", content: input.share ? "summary_large_image" : "summary" },
      { name: "twitter:title", content: input.title },
      { name: "twitter:description", content: description },
      ...shareMeta(input.site.origin, input.share),
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

function organisation(site: Site): Record<string, unknown> {
  return {
    "@type": "NewsMediaOrganization",
    name: site.name,
    url: urlFor(site.origin, "content.home"),
  };
}

/** The site, with the search box search engines may offer (`/search?q=`). */
export function websiteJsonLd(site: Site): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.name,
    url: urlFor(site.origin, "content.home"),
    publisher: organisation(site),
    potentialAction: {
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        // A template, not a query: its braces must stay as they are.
        urlTemplate: `${urlFor(site.origin, "content.search")}?q={search_term_string}`,
      },
      "query-input": "required name=search_term_string",
    },
  };
}

/** The front page as a collection of the day's articles. */
export function frontPageJsonLd(site: Site, description: string): Record<string, unknown> {
  const home = urlFor(site.origin, "content.home");
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: homeTitle(site),
    description,
    url: home,
    isPartOf: { "@type": "WebSite", name: site.name, url: home },
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

/** An article's share image: its lead photograph's, or the card with its headline. */
export function articleShare(article: ArticleDetail, site: Site): ShareImage {
  return shareImageOf(site, article.image, {
    kind: "article",
    slug: article.slug,
    title: article.headline,
  });
}

/**
 * An article's images for search engines, all raster: for a lead photograph its 1200x630 share
 * crop and its largest JPEG in the lead's own (wide) crop; otherwise the article's card.
 */
function articleImages(article: ArticleDetail, site: Site): string[] {
  const media = photographOf(article.image);
  const paths = media
    ? [mediaOgPath(media), largestJpegPath(media)]
    : [articleShare(article, site).path];
  return paths.map((path) => absoluteUrl(site.origin, path));
}

export function newsArticleJsonLd(article: ArticleDetail, site: Site): Record<string, unknown> {
  const { origin } = site;
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: clampText(article.headline, 110),
    description: clampText(article.standfirst, DESCRIPTION_MAX),
    image: articleImages(article, site),
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
    publisher: organisation(site),
    ...printEditionOf(article.print),
    ...(article.corrections.length > 0
      ? {
          correction: article.corrections.map((correction) => ({
            "@type": "CorrectionComment",
            text: correction.text,
            datePublished: correction.at,
          })),
        }
      : {}),
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
  site: Site,
): Record<string, unknown> {
  const { origin } = site;
  // Only a photograph: an illustration's SVG is no image for search engines.
  const portrait = photographOf(author.portrait);
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: author.name,
    jobTitle: author.title,
    description: clampText(author.bio, DESCRIPTION_MAX),
    ...(portrait ? { image: absoluteUrl(origin, largestJpegPath(portrait)) } : {}),
    url: urlFor(origin, "content.author", { slug: author.slug }),
    worksFor: organisation(site),
  };
}
