import type {
  ArticleListRow,
  ArticleAuthorRefRow,
  ArticleRow,
  CategoryRow,
  SectionRow,
  TagRow,
} from "../db/schema.ts";
import type {
  ArticleCard,
  ArticleDetail,
  AuthorRef,
  PrintPlacementRef,
  SectionSummary,
} from "./api-types.ts";
import { parseStoredBody } from "./body-blocks.ts";

/** Everything a page of article cards refers to, loaded once per page (no N+1). */
export interface CardRefs {
  sections: ReadonlyMap<number, SectionRow>;
  categories: ReadonlyMap<number, CategoryRow>;
  authorsByArticle: ReadonlyMap<number, AuthorRef[]>;
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

export function articlePath(section: string, category: string, slug: string): string {
  return `/${section}/${category}/${slug}`;
}

export function toArticleCard(row: ArticleListRow, refs: CardRefs): ArticleCard {
  const section = refs.sections.get(row.sectionId);
  const category = refs.categories.get(row.categoryId);
  if (!section || !category || !row.publishedAt) {
    throw new Error(`Article ${row.id} is missing its section, category or publication time`);
  }
  return {
    slug: row.slug,
    path: articlePath(section.slug, category.slug, row.slug),
    headline: row.headline,
    standfirst: row.standfirst,
    publishedAt: row.publishedAt.toISOString(),
    section: { slug: section.slug, name: section.name },
    category: { slug: category.slug, name: category.name },
    authors: refs.authorsByArticle.get(row.id) ?? [],
  };
}

export function toArticleCards(rows: readonly ArticleListRow[], refs: CardRefs): ArticleCard[] {
  return rows.map((row) => toArticleCard(row, refs));
}

export function toArticleDetail(
  row: ArticleRow,
  refs: CardRefs,
  tags: readonly TagRow[],
  print: PrintPlacementRef | null,
): ArticleDetail {
  return {
    ...toArticleCard(row, refs),
    updatedAt: row.updatedAt.toISOString(),
    body: parseStoredBody(row.body),
    tags: tags.map((tag) => ({ slug: tag.slug, name: tag.name })),
    print,
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
