import { listVisibleArticles } from "../db/article-queries.ts";
import type { ArticleListFilter } from "../db/article-queries.ts";
import { loadCardRefs } from "../db/article-ref-queries.ts";
import type { Database } from "../db/database.ts";
import type { ArticlePage } from "../contract/listing-contract.ts";
import { encodeCursor } from "../domain/article-cursor.ts";
import type { ArticleCursor } from "../domain/article-cursor.ts";
import { toArticleCards } from "../domain/article-shaping.ts";

export const LISTING_PAGE_SIZE = 20;

/** One page of a listing: one query for the rows (plus one to peek ahead), one batch of refs. */
export async function loadArticlePage(
  db: Database,
  now: Date,
  filter: ArticleListFilter,
  before: ArticleCursor | undefined,
): Promise<ArticlePage> {
  const rows = await listVisibleArticles(db, {
    now,
    filter,
    before,
    limit: LISTING_PAGE_SIZE + 1,
  });
  const pageRows = rows.slice(0, LISTING_PAGE_SIZE);
  const last = pageRows.at(-1);
  const nextBefore =
    rows.length > LISTING_PAGE_SIZE && last?.publishedAt
      ? encodeCursor({ publishedAt: last.publishedAt, id: last.id })
      : null;
  const refs = await loadCardRefs(db, pageRows);
  return { articles: toArticleCards(pageRows, refs), nextBefore };
}
