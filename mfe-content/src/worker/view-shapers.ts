import type {
  ArticleCard,
  ArticleDetail,
  AuthorResponse,
  BodyBlock,
  CategoryResponse,
  HomeResponse,
  ImageRef,
  PageResponse,
  SectionResponse,
  SectionSummary,
  TagResponse,
} from "edge-api/contract/content";
import type { z } from "zod";
import type { CorrectionsAnswerSchema } from "edge-api/contract/newsroom";
import { apiEndpoints, fillPath } from "edge-api/contract/endpoints";
import { hrefFor } from "shell/contract/addresses";
import type { Publication } from "shell/fragment-kit/publication";
import type {
  ArticleView,
  AuthorView,
  BodyBlockView,
  CategoryView,
  FeedLinkView,
  HomeView,
  LinkView,
  PagingView,
  PublicationView,
  SectionView,
  ShareLinksView,
  StaticPageView,
  StoryCardView,
  TagView,
} from "../ui/content-views.ts";
import { toRuns } from "../ui/run-views.ts";
import { toLiveView } from "../ui/live-views.ts";
import { feedAddresses, type FeedListing } from "./feed-channels.ts";
import { toImageViewAt, type ImagePlace } from "./picture-views.ts";
import { isPaged, listingPath, type ListingPage } from "./route-params.ts";

/**
 * Pure functions from edge-api responses to the view props the pages render with. Each page's
 * view carries the publication's name and time zone (`publication`, its first argument).
 */

const EDITION_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The static page that also lists every correction (`/pages/corrections`). */
export const CORRECTIONS_PAGE_SLUG = "corrections";

/** An article's one canonical address, built from where it lives (never a path from the API). */
export function articleHref(article: Pick<ArticleCard, "slug" | "section" | "category">): string {
  return hrefFor("content.article", {
    section: article.section.slug,
    category: article.category.slug,
    slug: article.slug,
  });
}

/** The configured publication as the pages need it (its origin stays on the server). */
export function toPublicationView(publication: Publication): PublicationView {
  return { name: publication.name, timeZone: publication.timeZone };
}

/** The API's cursors of a listing page (issue 15: both ways). */
type ListingCursors = { nextBefore: string | null; newerAfter: string | null };

/**
 * Where a listing page leads: newer (`?after=`), older (`?before=`) and, on any page asked with
 * a cursor, back to the first page (`basePath` itself).
 */
export function toPaging(basePath: string, cursors: ListingCursors, page: ListingPage): PagingView {
  const { nextBefore, newerAfter } = cursors;
  return {
    newerHref: newerAfter === null ? null : listingPath(basePath, { after: newerAfter }),
    olderHref: nextBefore === null ? null : listingPath(basePath, { before: nextBefore }),
    latestHref: isPaged(page) ? basePath : null,
  };
}

/** The links a listing with a feed ends with: its other pages and its RSS feed. */
function listingLinks(
  kind: FeedListing["kind"],
  subject: { slug: string; name: string },
  cursors: ListingCursors,
  page: ListingPage,
): { paging: PagingView; feed: FeedLinkView } {
  const { href, pageHref } = feedAddresses({ kind, slug: subject.slug });
  return {
    paging: toPaging(pageHref, cursors, page),
    feed: { href, label: `${subject.name} RSS feed` },
  };
}

/**
 * A story card; lead cards, the only ones that show a picture, name the place it is shown in
 * (`leadPlace`).
 */
export function toStoryCard(card: ArticleCard, leadPlace: ImagePlace | null = null): StoryCardView {
  return {
    href: articleHref(card),
    headline: card.headline,
    standfirst: card.standfirst,
    publishedAt: card.publishedAt,
    kicker: {
      href: hrefFor("content.category", {
        section: card.section.slug,
        category: card.category.slug,
      }),
      label: card.category.name,
    },
    authorNames: card.authors.map((author) => author.name),
    image: leadPlace ? toImageViewAt(card.image, leadPlace) : null,
  };
}

export const toPlainCard = (card: ArticleCard): StoryCardView => toStoryCard(card);

/** The lead card's image (the newest article's), on a listing's first page only. */
export function listingLeadImage(articles: ArticleCard[], page: ListingPage): ImageRef | null {
  return isPaged(page) ? null : (articles[0]?.image ?? null);
}

/** The first page of a listing opens with its newest article as the lead, with its image. */
function leadAndRest(
  articles: ArticleCard[],
  firstPage: boolean,
): { lead: StoryCardView | null; stories: StoryCardView[] } {
  const [first, ...rest] = articles;
  if (!firstPage || !first) return { lead: null, stories: articles.map(toPlainCard) };
  return { lead: toStoryCard(first, "listingLead"), stories: rest.map(toPlainCard) };
}

export function toBodyBlocks(blocks: BodyBlock[]): BodyBlockView[] {
  return blocks
    .map((block): BodyBlockView | null => {
      switch (block.type) {
        case "paragraph":
          return { type: "paragraph", text: block.text, runs: toRuns(block.runs) };
        case "heading":
          return { type: "heading", text: block.text };
        case "quote":
          return {
            type: "quote",
            text: block.text,
            attribution: block.attribution ?? null,
            runs: toRuns(block.runs),
          };
        case "pullquote":
          return { type: "pullquote", text: block.text };
        case "list":
          return {
            type: "list",
            ordered: block.ordered === true,
            items: [...block.items],
            itemRuns:
              block.itemRuns && block.itemRuns.length === block.items.length
                ? block.itemRuns.map((runs) => toRuns(runs))
                : null,
          };
        case "image": {
          const image = toImageViewAt(block.image, "body");
          return image ? { type: "image", image } : null;
        }
      }
    })
    .filter((block): block is BodyBlockView => block !== null);
}

function categoryLinks(section: SectionSummary): LinkView[] {
  return section.categories.map((category) => ({
    href: hrefFor("content.category", { section: section.slug, category: category.slug }),
    label: category.name,
  }));
}

export function toHomeView(publication: Publication, home: HomeResponse): HomeView {
  return {
    view: "home",
    publication: toPublicationView(publication),
    lead: home.lead ? toStoryCard(home.lead, "homeLead") : null,
    top: home.top.map(toPlainCard),
    sections: home.sections.map(({ section, articles }) => ({
      section: { href: hrefFor("content.section", { section: section.slug }), label: section.name },
      stories: articles.map(toPlainCard),
    })),
    latest: home.latest.map(toPlainCard),
  };
}

export function toSectionView(
  publication: Publication,
  data: SectionResponse,
  page: ListingPage = {},
): SectionView {
  return {
    view: "section",
    publication: toPublicationView(publication),
    name: data.section.name,
    description: data.section.description,
    categories: categoryLinks(data.section),
    ...leadAndRest(data.articles, !isPaged(page)),
    ...listingLinks("section", data.section, data, page),
  };
}

export function toCategoryView(
  publication: Publication,
  data: CategoryResponse,
  page: ListingPage = {},
): CategoryView {
  const section = { section: data.section.slug };
  const currentHref = hrefFor("content.category", { ...section, category: data.category.slug });
  return {
    view: "category",
    publication: toPublicationView(publication),
    name: data.category.name,
    description: data.category.description,
    section: { href: hrefFor("content.section", section), label: data.section.name },
    categories: categoryLinks(data.section),
    currentHref,
    ...leadAndRest(data.articles, !isPaged(page)),
    paging: toPaging(currentHref, data, page),
  };
}

/** Share links built from the canonical URL; each is an ordinary link, no script. */
export function toShareLinks(headline: string, canonicalUrl: string): ShareLinksView {
  const url = encodeURIComponent(canonicalUrl);
  const text = encodeURIComponent(headline);
  return {
    email: `mailto:?subject=${text}&body=${url}`,
    x: `https://twitter.com/intent/tweet?url=${url}&text=${text}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    canonical: canonicalUrl,
  };
}

export function toArticleView(
  publication: Publication,
  article: ArticleDetail,
  canonicalUrl: string,
  saved = false,
): ArticleView {
  const print =
    article.print && EDITION_DATE.test(article.print.editionDate)
      ? {
          // The printed page's own view (`/todays-paper/2026-11-21/B1`), not the whole edition.
          href: hrefFor("paper.page", {
            date: article.print.editionDate,
            page: article.print.page,
          }),
          page: article.print.page,
          editionDate: article.print.editionDate,
        }
      : null;
  return {
    view: "article",
    publication: toPublicationView(publication),
    headline: article.headline,
    standfirst: article.standfirst,
    section: {
      href: hrefFor("content.section", { section: article.section.slug }),
      label: article.section.name,
    },
    category: {
      href: hrefFor("content.category", {
        section: article.section.slug,
        category: article.category.slug,
      }),
      label: article.category.name,
    },
    authors: article.authors.map((a) => ({
      href: hrefFor("content.author", { slug: a.slug }),
      label: a.name,
    })),
    publishedAt: article.publishedAt,
    updatedAt: article.updatedAt,
    image: toImageViewAt(article.image, "articleLead"),
    readingMinutes: Math.max(1, Math.round(article.readingMinutes) || 1),
    body: toBodyBlocks(article.body),
    tags: article.tags.map((t) => ({
      href: hrefFor("content.tag", { slug: t.slug }),
      label: t.name,
    })),
    print,
    related: article.related.map(toPlainCard),
    share: toShareLinks(article.headline, canonicalUrl),
    save: {
      action: hrefFor("account.profile"),
      slug: article.slug,
      next: articleHref(article),
      saved,
    },
    corrections: article.corrections.map((correction) => ({
      at: correction.at,
      text: correction.text,
    })),
    // The API's own path (the shell forwards /api/ to it), named by the endpoint table.
    live: toLiveView(article.live, fillPath(apiEndpoints.liveUpdates.path, { slug: article.slug })),
  };
}

export function toAuthorView(
  publication: Publication,
  data: AuthorResponse,
  page: ListingPage = {},
): AuthorView {
  return {
    view: "author",
    publication: toPublicationView(publication),
    name: data.author.name,
    title: data.author.title,
    bio: data.author.bio,
    portrait: toImageViewAt(data.author.portrait, "authorPortrait"),
    stories: data.articles.map(toPlainCard),
    ...listingLinks("author", data.author, data, page),
    index: { href: hrefFor("content.authors"), label: "All authors" },
  };
}

export function toTagView(
  publication: Publication,
  data: TagResponse,
  page: ListingPage = {},
): TagView {
  return {
    view: "tag",
    publication: toPublicationView(publication),
    name: data.tag.name,
    description: data.tag.description,
    stories: data.articles.map(toPlainCard),
    ...listingLinks("tag", data.tag, data, page),
    index: { href: hrefFor("content.tags"), label: "All topics" },
  };
}

export function toStaticPageView(
  publication: Publication,
  data: PageResponse,
  corrections: CorrectionsAnswer | null = null,
): StaticPageView {
  return {
    view: "page",
    publication: toPublicationView(publication),
    title: data.page.title,
    body: toBodyBlocks(data.page.body),
    updatedAt: data.page.updatedAt,
    corrections: corrections ? toCorrectionsList(corrections) : null,
  };
}

type CorrectionsAnswer = z.infer<typeof CorrectionsAnswerSchema>;

/** The corrections page's list: each note with the article it corrects, newest first. */
function toCorrectionsList(data: CorrectionsAnswer): NonNullable<StaticPageView["corrections"]> {
  return {
    items: data.corrections.map((correction) => ({
      at: correction.at,
      text: correction.text,
      article: { href: articleHref(correction.article), headline: correction.article.headline },
    })),
    olderHref: data.nextCursor
      ? hrefFor("content.page", { slug: CORRECTIONS_PAGE_SLUG }, { cursor: data.nextCursor })
      : null,
  };
}
