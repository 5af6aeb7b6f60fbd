import type { SavedArticle } from "../contract/account-contract.ts";
import { loadCardRefs } from "../db/article-ref-queries.ts";
import type { Database } from "../db/database.ts";
import { listSavedArticlesPage, type SavedKey } from "../db/saved-article-queries.ts";
import { toArticleCard } from "../domain/article-shaping.ts";

/**
 * Saved articles are read this many at a time: each page's cards look their authors up by
 * article id, and D1 binds at most 100 parameters to one query (a reader with more saved
 * articles than that got a 500 from the list before issue 15).
 */
export const SAVED_PAGE_SIZE = 50;

/**
 * The account's visible saved articles as cards, with when each was saved, newest saved
 * first, at most `max` of them. An article no longer visible is left out.
 */
export async function savedArticleCards(
  db: Database,
  userId: string,
  now: Date,
  max = Number.POSITIVE_INFINITY,
): Promise<SavedArticle[]> {
  const saved: SavedArticle[] = [];
  let after: SavedKey | undefined;
  while (saved.length < max) {
    const size = Math.min(SAVED_PAGE_SIZE, max - saved.length);
    const rows = await listSavedArticlesPage(db, userId, now, size, after);
    const refs = await loadCardRefs(db, rows);
    for (const row of rows) {
      saved.push({ article: toArticleCard(row, refs), savedAt: row.savedAt.toISOString() });
    }
    const last = rows.at(-1);
    if (!last || rows.length < size) break;
    after = last;
  }
  return saved;
}
