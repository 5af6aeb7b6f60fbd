import type { ArticleLive } from "../contract/live-contract.ts";
import type { MediaRow } from "../db/media-schema.ts";
import type {
  ArticleListRow,
  ArticleAuthorRefRow,
  ArticleRow,
  CategoryRow,
  ImageRow,
  SectionRow,
  TagRow,
} from "../db/schema.ts";
import type {
  ArticleCard,
  BodyBlock,
  ArticleDetail,
  AuthorRef,
  Correction,
  ImageRef,
  PrintPlacementRef,
  SectionSummary,
} from "../contract/article-contract.ts";
import { bodyWordCount, parseStoredBody, readingMinutes } from "./body-blocks.ts";
import { toImageRef } from "./image-shaping.ts";
import { bodyPhotographIds, mediaImageRef, withCurrentPhotographs } from "./media-image-ref.ts";

/** Everything a page of article cards refers to, loaded once per page (no N+1). */
export interface CardRefs {
  sections: ReadonlyMap<number, SectionRow>;
  categories: ReadonlyMap<number, CategoryRow>;
  authorsByArticle: ReadonlyMap<number, AuthorRef[]>;
  images: ReadonlyMap<number, ImageRow>;
  /** Lead photographs (issue 16) and, for an article page, its body's photographs. */
  media: ReadonlyMap<string, MediaRow>;
}

export function groupAuthorsByArticle(
  rows: readonly ArticleAuthorRefRow[],
): Map<number, AuthorRef[]> {
  const sorted = [...rows].sort((a, b) => a.position - b.position);
  const byArticle = new Map<number, AuthorRef[]>();
  for (const row of sorted) {
    const list = byArticle.get(row.articleId) ?? [];
    list.push({ slug: row.slug, name: row.name });
    byArticle.set(row.articleId, list);
  }
  return byArticle;
}

export function indexById<T extends { id: number }>(rows: readonly T[]): Map<number, T> {
  return new Map(rows.map((row) => [row.id, row]));
}

export function toArticleCard(row: ArticleListRow, refs: CardRefs): ArticleCard {
  const section = refs.sections.get(row.sectionId);
  const category = refs.categories.get(row.categoryId);
  if (!section || !category || !row.publishedAt) {
    throw new Error(`Article ${row.id} is missing its section, category or publication time`);
  }
  return {
    slug: row.slug,
    headline: row.headline,
    standfirst: row.standfirst,
    publishedAt: row.publishedAt.toISOString(),
    section: { slug: section.slug, name: section.name },
    category: { slug: category.slug, name: category.name },
    authors: refs.authorsByArticle.get(row.id) ?? [],
    image: leadImageRef(row, refs),
  };
}

/**
 * The card's lead: a photograph in its `wide` use (issue 16) or an illustration, with the
 * story's own words where the desk set them.
 */
function leadImageRef(row: ArticleListRow, refs: CardRefs): ImageRef | null {
  if (row.leadMediaId !== null) {
    const photograph = refs.media.get(row.leadMediaId);
    return photograph ? withStoryWords(mediaImageRef(photograph, "wide"), row) : null;
  }
  const illustration = row.leadImageId === null ? undefined : refs.images.get(row.leadImageId);
  return illustration ? withStoryWords(toImageRef(illustration), row) : null;
}

/** The story's own alt text, caption and credit for its lead image, where the desk set them. */
function withStoryWords(image: ImageRef, row: ArticleListRow): ImageRef {
  return {
    ...image,
    alt: row.leadImageAlt ?? image.alt,
    caption: row.leadImageCaption ?? image.caption,
    credit: row.leadImageCredit ?? image.credit,
  };
}

export function toArticleCards(rows: readonly ArticleListRow[], refs: CardRefs): ArticleCard[] {
  return rows.map((row) => toArticleCard(row, refs));
}

export interface DetailParts {
  refs: CardRefs;
  tags: readonly TagRow[];
  print: PrintPlacementRef | null;
  related: readonly ArticleListRow[];
  /** Oldest first. */
  corrections?: readonly { text: string; createdAt: Date }[];
  /** A live blog's state and newest updates (issue 16); none for an ordinary article. */
  live?: ArticleLive | null;
}

/**
 * A row's stored body, parsed and sanitized once per row: an article page asks for it twice (its
 * photographs for `loadCardRefs`, then the body itself), and sanitizing is most of its shaping.
 */
const parsedBodies = new WeakMap<Pick<ArticleRow, "body">, readonly BodyBlock[]>();
function storedBodyOf(row: Pick<ArticleRow, "body">): readonly BodyBlock[] {
  let body = parsedBodies.get(row);
  if (!body) {
    body = parseStoredBody(row.body);
    parsedBodies.set(row, body);
  }
  return body;
}

/** The photographs an article's stored body shows, for `loadCardRefs` (issue 16). */
export function bodyPhotographsOf(row: Pick<ArticleRow, "body">): string[] {
  return bodyPhotographIds(storedBodyOf(row));
}

/**
 * The body goes through the sanitizer again on the way out, and its photographs are rebuilt
 * from the library rows in `refs.media` (a new crop or revision shows at once; a photograph
 * that is gone leaves the body).
 */
export function toArticleDetail(row: ArticleRow, parts: DetailParts): ArticleDetail {
  const body = withCurrentPhotographs(storedBodyOf(row), parts.refs.media);
  const wordCount = bodyWordCount(body);
  return {
    ...toArticleCard(row, parts.refs),
    updatedAt: row.updatedAt.toISOString(),
    body,
    tags: parts.tags.map((tag) => ({ slug: tag.slug, name: tag.name })),
    print: parts.print,
    wordCount,
    readingMinutes: readingMinutes(wordCount),
    related: parts.related
      .filter((related) => related.id !== row.id)
      .map((related) => toArticleCard(related, parts.refs)),
    corrections: (parts.corrections ?? []).map((correction): Correction => ({
      at: correction.createdAt.toISOString(),
      text: correction.text,
    })),
    seo: { title: row.seoTitle, description: row.seoDescription },
    live: parts.live ?? null,
  };
}

export function toSectionSummary(
  section: SectionRow,
  categories: readonly CategoryRow[],
): SectionSummary {
  return {
    slug: section.slug,
    name: section.name,
    description: section.description,
    categories: categories
      .filter((category) => category.sectionId === section.id)
      .map((category) => ({ slug: category.slug, name: category.name })),
  };
}
