import type { ArticleListRow } from "../db/schema.ts";
import { LISTING_PAGE_SIZE, type ArticlePageRequest } from "../db/listing-page-queries.ts";
import type { ArticlePage } from "../contract/listing-contract.ts";
import { encodeCursor } from "../domain/article-cursor.ts";
import type { CardRefs } from "../domain/article-shaping.ts";
import { toArticleCards } from "../domain/article-shaping.ts";

export { LISTING_PAGE_SIZE } from "../db/listing-page-queries.ts";
export type { ArticlePageRequest } from "../db/listing-page-queries.ts";

function cursorOf(row: ArticleListRow | undefined): string | null {
  return row?.publishedAt ? encodeCursor({ publishedAt: row.publishedAt, id: row.id }) : null;
}

/**
 * One page of a listing, newest first, from the rows of its batch (`listing-page-queries.ts`):
 * `rows` holds one more row than the page, to see past its far end (oldest first after an
 * `after` cursor: turned round here); `behind` the one-row peek back past the cursor, to see
 * whether anything lies on the near side. An empty page has no neighbours (the reader goes back
 * to the first page).
 */
export function toArticlePage(
  page: ArticlePageRequest,
  rows: ArticleListRow[],
  behind: readonly unknown[],
  refs: CardRefs,
): ArticlePage {
  const beyondPage = rows.length > LISTING_PAGE_SIZE;
  const walked = rows.slice(0, LISTING_PAGE_SIZE);
  const newerWalk = page.after !== undefined;
  const pageRows = newerWalk ? walked.reverse() : walked;
  const [newest, oldest] = [pageRows[0], pageRows.at(-1)];
  const [hasNewer, hasOlder] = newerWalk
    ? [beyondPage, behind.length > 0]
    : [behind.length > 0, beyondPage];
  return {
    articles: toArticleCards(pageRows, refs),
    nextBefore: hasOlder ? cursorOf(oldest) : null,
    newerAfter: hasNewer ? cursorOf(newest) : null,
  };
}
